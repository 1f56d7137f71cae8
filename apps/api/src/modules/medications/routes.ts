import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  doseHistorySchema,
  doseInputSchema,
  doseRangeQuerySchema,
  doseSchema,
  isValidDateOnly,
  medicationInputSchema,
  medicationListSchema,
  medicationPatchSchema,
  medicationSchema,
  myAdherenceSchema,
  pageQuerySchema,
} from '@tend/shared';
import type { MedicationService } from './service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { gate, patientOf } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['medications'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.string().max(64) });
const me = patientOf;
/** What a caregiver adds to name the patient (DESIGN.md "Caregivers"). */
const onBehalf = { patientId: z.string().min(1).max(64).optional() };

/**
 * A patient's own medications (SPEC.md §7), every route gated to patients. Doctors read a linked
 * patient's through /trackmedications. A caregiver with `medications` reads them, and one with
 * `doses` ticks the day's doses, naming the patient (`?patientId=`); changing the list stays the
 * patient's own.
 */
export function medicationRoutes(medications: MedicationService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(listRoutes(medications));
    await app.register(oneMedicationRoutes(medications));
    await app.register(doseRoutes(medications));
  };
}

/** The list, adding to it, and adherence over the last days. */
function listRoutes(medications: MedicationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/medications',
      {
        config: { gate: gate.onBehalf('medications') },
        schema: {
          summary:
            'My medications in the order I added them, a page at a time, with whether today’s dose is taken',
          tags,
          security,
          querystring: pageQuerySchema.extend(onBehalf),
          response: { 200: medicationListSchema, ...errors },
        },
      },
      async (request) => {
        const { patientId: _named, ...page } = request.query;
        return medications.list(me(request), page);
      },
    );

    app.post(
      '/medications',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary: 'Add a medication',
          tags,
          security,
          body: medicationInputSchema,
          response: { 201: medicationSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await medications.create(me(request), request.body)),
    );

    app.get(
      '/medications/adherence',
      {
        config: { gate: gate.onBehalf('medications') },
        schema: {
          summary: 'My doses taken / due over the last days (default 7)',
          tags,
          security,
          querystring: z.strictObject({
            days: z.coerce.number().int().min(1).max(366).default(7),
            ...onBehalf,
          }),
          response: { 200: myAdherenceSchema, ...errors },
        },
      },
      async (request) => medications.adherenceOf(me(request), request.query.days),
    );
  };
}

function oneMedicationRoutes(medications: MedicationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/medications/:id',
      {
        config: { gate: gate.onBehalf('medications') },
        schema: {
          summary: 'One of my medications',
          tags,
          security,
          params: idParams,
          querystring: z.strictObject(onBehalf),
          response: { 200: medicationSchema, ...errors },
        },
      },
      async (request) => medications.get(me(request), request.params.id),
    );

    // PUT replaces every field; PATCH changes those sent, and its `taken` records today's dose.
    const changes = [
      { method: 'PUT', summary: 'Replace a medication', body: medicationInputSchema },
      {
        method: 'PATCH',
        summary: 'Change some fields; `taken` records today’s dose (the daily checklist)',
        body: medicationPatchSchema,
      },
    ] as const;
    for (const { method, summary, body } of changes) {
      app.route({
        method,
        url: '/medications/:id',
        config: { gate: gate.roles('patient') },
        schema: {
          summary,
          tags,
          security,
          params: idParams,
          body,
          response: { 200: medicationSchema, ...errors },
        },
        handler: async (request) =>
          medications.update(me(request), request.params.id, request.body),
      });
    }

    app.delete(
      '/medications/:id',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary: 'Delete a medication and its dose history',
          tags,
          security,
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await medications.remove(me(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}

/** One medication's dose history, a day at a time. */
function doseRoutes(medications: MedicationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/medications/:id/doses',
      {
        config: { gate: gate.onBehalf('medications') },
        schema: {
          summary: 'Dose history between two days (default: the last 30 days)',
          tags,
          security,
          params: idParams,
          querystring: doseRangeQuerySchema.safeExtend(onBehalf),
          response: { 200: doseHistorySchema, ...errors },
        },
      },
      async (request) => {
        const { patientId: _named, ...range } = request.query;
        return medications.history(me(request), request.params.id, range);
      },
    );

    app.put(
      '/medications/:id/doses/:date',
      {
        config: { gate: gate.onBehalf('doses') },
        schema: {
          summary: 'Record whether the dose of one day was taken',
          tags,
          security,
          querystring: z.strictObject(onBehalf),
          params: idParams.extend({
            date: z.string().max(10).refine(isValidDateOnly, 'Use a real date as YYYY-MM-DD.'),
          }),
          body: doseInputSchema,
          response: { 200: doseSchema, ...errors },
        },
      },
      async (request) =>
        medications.recordDose(
          me(request),
          request.params.id,
          request.params.date,
          request.body.taken,
        ),
    );
  };
}
