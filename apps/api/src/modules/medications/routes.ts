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
import { assertSameNamedPatient, gate, patientOf } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('medications', errorResponses(400, 401, 403, 404, 409));
const me = patientOf;
/** What a caregiver adds to name the patient (DESIGN.md "Caregivers"). */
const onBehalf = { patientId: z.string().min(1).max(64).optional() };
/**
 * Changing the list stays the patient's own, but for a dependent without a sign-in: the one who
 * looks after them keeps it (docs/decisions/051).
 */
const onBehalfQuery = z.strictObject(onBehalf);

/**
 * A patient's own medications (SPEC.md §7), every route gated to patients. Doctors read a linked
 * patient's through /trackmedications. A caregiver with `medications` reads them, and one with
 * `doses` ticks the day's doses, naming the patient (`?patientId=`); changing the list stays the
 * patient's own (a dependent's, their carer's).
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
      route.signedIn(
        gate.onBehalf('medications'),
        'My medications in the order I added them, a page at a time, with whether today’s dose is taken',
        { querystring: pageQuerySchema.extend(onBehalf), response: { 200: medicationListSchema } },
      ),
      async (request) => {
        const { patientId: _named, ...page } = request.query;
        return medications.list(me(request), page);
      },
    );

    app.post(
      '/medications',
      route.signedIn(gate.onBehalf('dependent'), 'Add a medication', {
        querystring: onBehalfQuery,
        // The web names the patient in a POST's body as well as its query (both the same).
        body: medicationInputSchema.extend(onBehalf),
        response: { 201: medicationSchema },
      }),
      async (request, reply) => {
        const { patientId: named, ...medication } = request.body;
        assertSameNamedPatient(request, named);
        return reply.status(201).send(await medications.create(me(request), medication));
      },
    );

    app.get(
      '/medications/adherence',
      route.signedIn(
        gate.onBehalf('medications'),
        'My doses taken / due over the last days (default 7)',
        {
          querystring: z.strictObject({
            days: z.coerce.number().int().min(1).max(366).default(7),
            ...onBehalf,
          }),
          response: { 200: myAdherenceSchema },
        },
      ),
      async (request) => medications.adherenceOf(me(request), request.query.days),
    );
  };
}

function oneMedicationRoutes(medications: MedicationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/medications/:id',
      route.signedIn(gate.onBehalf('medications'), 'One of my medications', {
        params: idParams,
        querystring: z.strictObject(onBehalf),
        response: { 200: medicationSchema },
      }),
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
        ...route.signedIn(gate.onBehalf('dependent'), summary, {
          querystring: onBehalfQuery,
          params: idParams,
          body,
          response: { 200: medicationSchema },
        }),
        handler: async (request) =>
          medications.update(me(request), request.params.id, request.body),
      });
    }

    app.delete(
      '/medications/:id',
      route.signedIn(gate.onBehalf('dependent'), 'Delete a medication and its dose history', {
        querystring: onBehalfQuery,
        params: idParams,
        response: { 204: z.null() },
      }),
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
      route.signedIn(
        gate.onBehalf('medications'),
        'Dose history between two days (default: the last 30 days)',
        {
          params: idParams,
          querystring: doseRangeQuerySchema.safeExtend(onBehalf),
          response: { 200: doseHistorySchema },
        },
      ),
      async (request) => {
        const { patientId: _named, ...range } = request.query;
        return medications.history(me(request), request.params.id, range);
      },
    );

    app.put(
      '/medications/:id/doses/:date',
      route.signedIn(gate.onBehalf('doses'), 'Record whether the dose of one day was taken', {
        querystring: z.strictObject(onBehalf),
        params: idParams.extend({
          date: z.string().max(10).refine(isValidDateOnly, 'Use a real date as YYYY-MM-DD.'),
        }),
        body: doseInputSchema,
        response: { 200: doseSchema },
      }),
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
