import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_IMPORT_ROWS,
  importRejectedSchema,
  importResultSchema,
  measurementCreateSchema,
  measurementListQuerySchema,
  measurementListSchema,
  measurementSchema,
  measurementSummarySchema,
  seriesQuerySchema,
  seriesSchema,
  summaryQuerySchema,
  targetListSchema,
  targetsUpdateSchema,
} from '@tend/shared';
import { translateMessage } from '@tend/shared/messages-es';
import { answerLanguage } from '../../lib/answer-language.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import { ImportRejected, type MeasurementService } from './service.ts';
import { caller, gate, inBody, inParams, inQuery } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('measurements');

/**
 * A patient's readings: the patient, a doctor who shares with them (patientId), and a caregiver
 * with `measurements` naming the patient, who sees them and records one (patientAsked knows the
 * gate admitted them). Importing, exporting and deleting stay the patient's and the recorder's.
 */
const readingsOf = (named: typeof inQuery) =>
  gate
    .roles('patient', 'doctor')
    .forPatient(named('patientId'), noSuchPatient)
    .sharedAs('measurements');
/** 5000 rows of a few dozen characters each, with room for notes. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

/** Readings, their CSV files, and doctors' targets. */
export function measurementRoutes(measurements: MeasurementService): FastifyPluginAsyncZod {
  return async (app) => {
    // Added above the three groups, so every measurement route takes a text/csv body as it did;
    // only the import reads one.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    await app.register(readingRoutes(measurements));
    await app.register(fileRoutes(measurements));
    await app.register(targetRoutes(measurements));
  };
}

function readingRoutes(measurements: MeasurementService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/measurements',
      route.signedIn(
        readingsOf(inBody),
        'Record a reading: a patient for themself; a doctor for a patient who shares with them (patientId). Stored and answered in canonical units; a reading outside a doctor’s target notifies that doctor (once per patient, kind and day)',
        {
          body: measurementCreateSchema,
          response: { 201: measurementSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request, reply) => {
        const saved = await measurements.record(caller(request), request.body, request.ip);
        return reply.status(201).send(saved);
      },
    );

    app.get(
      '/measurements',
      route.signedIn(
        readingsOf(inQuery),
        'Readings, newest first, of the patient or (patientId) of a patient who shares with the doctor; a doctor’s look is in the patient’s access log',
        {
          querystring: measurementListQuerySchema,
          response: { 200: measurementListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      ),
      async (request) => {
        const { patientId, kind, from, to, ...page } = request.query;
        return measurements.list(caller(request), { patientId, kind, from, to }, page, request.ip);
      },
    );

    app.get(
      '/measurements/series',
      route.signedIn(
        readingsOf(inQuery),
        'One kind’s readings by day, week (Monday first) or month of the patient’s time zone: min, max, mean and count per bucket with readings, at most 400 buckets',
        {
          querystring: seriesQuerySchema,
          response: { 200: seriesSchema, ...errorResponses(400, 401, 403, 404) },
        },
      ),
      async (request) => measurements.series(caller(request), request.query, request.ip),
    );

    app.get(
      '/measurements/summary',
      route.signedIn(
        readingsOf(inQuery),
        'The latest reading of each kind with its category, the BMI from the latest weight and height, and whether each target is met',
        {
          querystring: summaryQuerySchema,
          response: { 200: measurementSummarySchema, ...errorResponses(400, 401, 403, 404) },
        },
      ),
      async (request) => measurements.summary(caller(request), request.query.patientId, request.ip),
    );

    app.delete(
      '/measurements/:id',
      route.signedIn(gate.roles('patient', 'doctor'), 'Delete a reading you recorded', {
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      }),
      async (request, reply) => {
        await measurements.remove(caller(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    );
  };
}

/** A patient's readings in and out as CSV. */
function fileRoutes(measurements: MeasurementService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/measurements/import',
      route.signedIn(
        gate.roles('patient'),
        `Import your readings from a CSV file (text/csv; takenat,kind,value,unit and an optional note; blood pressure as 150/95; at most ${MAX_IMPORT_ROWS} rows). All or nothing: one bad row imports nothing and the 400 lists every row's answer. dryrun=true checks without importing`,
        {
          querystring: z.strictObject({
            dryrun: z.enum(['true', 'false'], { error: 'dryrun is true or false.' }).optional(),
          }),
          body: z.string().describe('text/csv'),
          response: {
            200: importResultSchema.describe('dryrun=true: every row can be imported'),
            201: importResultSchema,
            400: importRejectedSchema,
            ...errorResponses(401, 403, 409, 413, 415),
          },
        },
      ),
      async (request, reply) => {
        const dryRun = request.query.dryrun === 'true';
        try {
          const result = await measurements.importCsv(caller(request), request.body, dryRun);
          return await reply.status(dryRun ? 200 : 201).send(result);
        } catch (error) {
          if (!(error instanceof ImportRejected)) throw error;
          const language = answerLanguage(request);
          return reply.status(400).send({
            error: { code: error.code, message: translateMessage(error.message, language) },
            rows: error.rows.map((row) => ({
              ...row,
              reason: row.reason === null ? null : translateMessage(row.reason, language),
            })),
          });
        }
      },
    );

    app.get(
      '/measurements/export.csv',
      route.signedIn(
        gate.roles('patient'),
        'All your readings as CSV (takenat,kind,value,unit,note; canonical units), oldest first; importing the file gives the same readings',
        { response: { 200: z.any().describe('text/csv'), ...errorResponses(401, 403) } },
      ),
      async (request, reply) => {
        let text = '';
        for await (const line of measurements.exportCsv(caller(request))) text += line;
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="measurements.csv"')
          .header('Cache-Control', 'private, no-store')
          .send(text);
      },
    );
  };
}

function targetRoutes(measurements: MeasurementService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/patients/:id/targets',
      route.signedIn(
        gate.roles('patient', 'doctor').forPatient(inParams('id'), noSuchPatient),
        'Targets for a patient’s readings: a doctor sees their own; the patient sees every doctor’s',
        { params: idParams, response: { 200: targetListSchema, ...errorResponses(401, 403, 404) } },
      ),
      async (request) => measurements.targets(caller(request), request.params.id, request.ip),
    );

    app.put(
      '/patients/:id/targets',
      route.signedIn(
        gate.roles('doctor').forPatient(inParams('id'), noSuchPatient),
        'Set your targets (canonical low and/or high per kind; for blood pressure the systolic) for a patient who shares with you; kinds left out are cleared',
        {
          params: idParams,
          body: targetsUpdateSchema,
          response: { 200: targetListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      ),
      async (request) =>
        measurements.setTargets(caller(request), request.params.id, request.body, request.ip),
    );
  };
}
