import { answerLanguage } from '../../lib/answer-language.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  prescriptionCreateSchema,
  prescriptionListQuerySchema,
  prescriptionListSchema,
  prescriptionSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';

import { renderPrescription } from './prescription-pdf.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import type { PrescriptionService } from './service.ts';
import { caller, gate, inBody, inQuery } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';
import { workflowRoutes } from './workflow-routes.ts';

const route = routeDeclarations('prescriptions');

/** Writing, listing and reading prescriptions, then the fill workflow, then the printout. */
export function prescriptionRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(recordRoutes(prescriptions));
    await app.register(workflowRoutes(prescriptions));
    await app.register(printRoutes(prescriptions));
  };
}

function recordRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/prescriptions',
      route.signedIn(
        gate.roles('doctor').forPatient(inBody('patientId'), noSuchPatient),
        'Write a prescription for a patient who shares with you (the patient is notified)',
        {
          body: prescriptionCreateSchema,
          response: { 201: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request, reply) => {
        const created = await prescriptions.create(caller(request), request.body, request.ip);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/prescriptions',
      route.signedIn(
        gate.roles('patient', 'doctor', 'pharmacy').forPatient(inQuery('patientId'), noSuchPatient),
        "Prescriptions, newest first: a patient's own; those a doctor wrote (patientId: for one patient who shares with them); those sent to a pharmacy (fill=open: only those with a fill still at the pharmacy, its queue). A doctor's or a pharmacy's list is in each shown patient's access log",
        {
          querystring: prescriptionListQuerySchema,
          response: { 200: prescriptionListSchema, ...errorResponses(400, 401, 404) },
        },
      ),
      async (request) => {
        const { status, patientId, fill, ...page } = request.query;
        return prescriptions.list(caller(request), { status, patientId, fill }, page, request.ip);
      },
    );

    app.get(
      '/prescriptions/:id',
      route.signedIn(
        gate.roles('patient', 'doctor', 'pharmacy'),
        'One prescription, for its patient, the doctor who wrote it and the pharmacy it was sent to',
        { params: idParams, response: { 200: prescriptionSchema, ...errorResponses(401, 404) } },
      ),
      async (request) => prescriptions.get(caller(request), request.params.id, request.ip),
    );
  };
}

/** The prescription as a PDF, in the language the page asked in. */
function printRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/prescriptions/:id/pdf',
      route.signedIn(
        gate.roles('patient', 'doctor', 'pharmacy'),
        'The prescription as a one-page PDF with its code and a QR code of it',
        {
          params: idParams,
          response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 404) },
        },
      ),
      async (request, reply) => {
        const p = await prescriptions.forPrinting(caller(request), request.params.id, request.ip);
        // In the language the page asked in (the web app sends its own), English by default.
        const language = answerLanguage(request);
        const pdf = await renderPrescription({ prescription: p, language });
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="prescription-${p.code}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
