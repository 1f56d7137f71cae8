import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLogSchema,
  careLinkListSchema,
  careLinkRequestSchema,
  careLinkSchema,
  doctorDirectorySchema,
  doctorSearchQuerySchema,
  pageQuerySchema,
  patientListSchema,
  trackMedicationsSchema,
} from '@tend/shared';
import { noSuchPatient, type CareService } from './service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import {
  assertSameNamedPatient,
  caller,
  claimsOf,
  gate,
  inParams,
  inQuery,
  patientOf,
} from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('care', errorResponses(400, 401, 403, 404, 409));

/**
 * Care links are never a caregiver's to see or change, but for a dependent without a sign-in: the
 * one who looks after them names them (`?patientId=`) and shares with their doctors
 * (docs/decisions/051).
 */
const forDependent = z.strictObject({ patientId: z.string().min(1).max(64).optional() });
const eitherSide = gate
  .roles('patient', 'doctor')
  .forPatient(inQuery('patientId'), noSuchPatient)
  .sharedAs('dependent');

export function careRoutes(care: CareService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/doctors',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Registered doctors whose name, specialty or location matches q (and specialty), with ratings and next free slot',
        { querystring: doctorSearchQuerySchema, response: { 200: doctorDirectorySchema } },
      ),
      async (request) => {
        const { q, specialty, ...page } = request.query;
        return care.searchDoctors(q, page, specialty);
      },
    );

    app.post(
      '/care-links',
      route.signedIn(gate.onBehalf('dependent'), 'Share my medications with a doctor', {
        querystring: forDependent,
        body: careLinkRequestSchema.extend(forDependent.shape),
        response: { 201: careLinkSchema },
      }),
      async (request, reply) => {
        assertSameNamedPatient(request, request.body.patientId);
        const link = await care.share(patientOf(request), request.body.doctorId, request.ip);
        return reply.status(201).send(link);
      },
    );

    app.get(
      '/care-links',
      route.signedIn(
        eitherSide,
        'My sharing links (as patient or as doctor), oldest first, a page at a time',
        {
          querystring: pageQuerySchema.extend(forDependent.shape),
          response: { 200: careLinkListSchema },
        },
      ),
      async (request) => {
        const { patientId: _named, ...page } = request.query;
        return care.links(claimsOf(request), page);
      },
    );

    app.delete(
      '/care-links/:id',
      route.signedIn(eitherSide, 'End a sharing link (either side)', {
        querystring: forDependent,
        params: idParams,
        response: { 204: z.null() },
      }),
      async (request, reply) => {
        await care.end(claimsOf(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/patients',
      route.signedIn(
        gate.roles('doctor'),
        'The patients who share with me, a page at a time in the order they began sharing; lowest adherence first within a page',
        { querystring: pageQuerySchema, response: { 200: patientListSchema } },
      ),
      async (request) => care.patientsOf(caller(request).userId, request.query, request.ip),
    );

    app.get(
      '/trackmedications/:id',
      route.signedIn(
        gate.roles('doctor').forPatient(inParams('id'), noSuchPatient),
        "A page of a linked patient's medications, today's doses and adherence (recorded in their access log)",
        {
          params: idParams,
          querystring: pageQuerySchema,
          response: { 200: trackMedicationsSchema },
        },
      ),
      async (request) =>
        care.track(caller(request).userId, request.params.id, request.query, request.ip),
    );

    app.get(
      '/me/access-log',
      // It shows the looks, which move only the audit trail's part of the stamp (decision 039).
      route.signedIn(
        gate.roles('patient'),
        'Who else looked at or changed access to my data, newest first, a page at a time',
        { querystring: pageQuerySchema, response: { 200: accessLogSchema } },
        { keepAnswers: 'with-audit-trail' },
      ),
      async (request) => care.accessLog(caller(request).userId, request.query),
    );
  };
}
