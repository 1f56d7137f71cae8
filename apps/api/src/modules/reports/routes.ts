import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  reportListQuerySchema,
  reportListSchema,
  reportSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import { noSuchPatient, type ReportService } from './service.ts';
import { spoolUpload } from './upload-spool.ts';
import { caller, claimsOf, gate, inQuery } from '../../plugins/gates.ts';
import { idParams, namedPatient, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('reports');

/**
 * Reading a patient's reports: the patient, a doctor who shares with them, and a caregiver with
 * `reports`, naming the patient (`?patientId=`), who reads them as the patient does. Adding and
 * deleting stay the patient's and their doctors'.
 */
const readers = gate
  .roles('patient', 'doctor')
  .forPatient(inQuery('patientId'), noSuchPatient)
  .sharedAs('reports');

/** RFC 6266: a plain ASCII fallback and the exact name in UTF-8. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function reportRoutes(reports: ReportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reports',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Add a medical report (multipart: file, title, optional patientId): JPG, GIF or PNG up to 2 MB, PDF up to 10 MB, judged by content',
        {
          consumes: ['multipart/form-data'],
          response: {
            201: reportSchema,
            ...errorResponses(400, 401, 404, 409, 413, 415),
            503: apiErrorSchema,
          },
        },
      ),
      async (request, reply) => {
        const report = await reports.upload(
          caller(request),
          () => spoolUpload(request),
          request.ip,
        );
        return reply.status(201).send(report);
      },
    );

    app.get(
      '/reports',
      route.signedIn(
        readers,
        "Reports, newest first: a patient's own; a doctor's for one linked patient (patientId), or without it the newest of every patient who shares with them. A doctor's list is recorded in each shown patient's access log",
        {
          querystring: reportListQuerySchema,
          response: { 200: reportListSchema, ...errorResponses(400, 401, 404) },
        },
      ),
      async (request) => {
        const { patientId, ...page } = request.query;
        return reports.list(claimsOf(request), patientId, page, request.ip);
      },
    );

    app.get(
      '/reports/:id/file',
      route.signedIn(
        readers,
        "A report's file, shown inline with its sniffed type (a doctor's or a caregiver's view is logged)",
        {
          params: idParams,
          querystring: z.strictObject(namedPatient),
          response: {
            200: z.any().describe('The file: image/jpeg, image/png, image/gif or application/pdf'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      ),
      async (request, reply) => {
        const file = await reports.file(claimsOf(request), request.params.id, request.ip);
        // Served as a document of its own type that can run nothing: no sniffing into HTML, no
        // scripts or same-origin access even if opened directly, and never kept on a shared disk.
        return reply
          .type(file.report.contenttype)
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', contentDisposition(file.report.filename))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', 'sandbox')
          .header('Cache-Control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.delete(
      '/reports/:id',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Delete a report and its file (the patient, or the doctor who uploaded it)',
        { params: idParams, response: { 204: z.null(), ...errorResponses(401, 403, 404) } },
      ),
      async (request, reply) => {
        await reports.remove(caller(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    );
  };
}
