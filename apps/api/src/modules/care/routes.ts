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
import { caller, gate, inParams } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['care'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.string().max(64) });

export function careRoutes(care: CareService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/doctors',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary:
            'Registered doctors whose name, specialty or location matches q (and specialty), with ratings and next free slot',
          tags,
          security,
          querystring: doctorSearchQuerySchema,
          response: { 200: doctorDirectorySchema, ...errors },
        },
      },
      async (request) => {
        const { q, specialty, ...page } = request.query;
        return care.searchDoctors(q, page, specialty);
      },
    );

    app.post(
      '/care-links',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary: 'Share my medications with a doctor',
          tags,
          security,
          body: careLinkRequestSchema,
          response: { 201: careLinkSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await care.share(caller(request).userId, request.body.doctorId, request.ip)),
    );

    app.get(
      '/care-links',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'My sharing links (as patient or as doctor), oldest first, a page at a time',
          tags,
          security,
          querystring: pageQuerySchema,
          response: { 200: careLinkListSchema, ...errors },
        },
      },
      async (request) => care.links(caller(request), request.query),
    );

    app.delete(
      '/care-links/:id',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'End a sharing link (either side)',
          tags,
          security,
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await care.end(caller(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/patients',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary:
            'The patients who share with me, a page at a time in the order they began sharing; lowest adherence first within a page',
          tags,
          security,
          querystring: pageQuerySchema,
          response: { 200: patientListSchema, ...errors },
        },
      },
      async (request) => care.patientsOf(caller(request).userId, request.query, request.ip),
    );

    app.get(
      '/trackmedications/:id',
      {
        config: { gate: gate.roles('doctor').forPatient(inParams('id'), noSuchPatient) },
        schema: {
          summary:
            "A page of a linked patient's medications, today's doses and adherence (recorded in their access log)",
          tags,
          security,
          params: idParams,
          querystring: pageQuerySchema,
          response: { 200: trackMedicationsSchema, ...errors },
        },
      },
      async (request) =>
        care.track(caller(request).userId, request.params.id, request.query, request.ip),
    );

    app.get(
      '/me/access-log',
      {
        // It shows the looks, which move only the audit trail's part of the stamp (decision 039).
        config: { gate: gate.roles('patient'), keepAnswers: 'with-audit-trail' },
        schema: {
          summary:
            'Who else looked at or changed access to my data, newest first, a page at a time',
          tags,
          security,
          querystring: pageQuerySchema,
          response: { 200: accessLogSchema, ...errors },
        },
      },
      async (request) => care.accessLog(caller(request).userId, request.query),
    );
  };
}
