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
import { caller, claimsOf, gate, inBody, inQuery } from '../../plugins/gates.ts';
import { idParams, namedPatient, routeDeclarations } from '../../plugins/route-declarations.ts';
import { workflowRoutes } from './workflow-routes.ts';

const route = routeDeclarations('prescriptions');

/**
 * Reading a patient's prescriptions: the patient, a doctor who shares with them, a pharmacy its
 * own; and a caregiver with `prescriptions`, naming the patient (`?patientId=`), who reads them
 * as the patient does, fills included.
 */
const readers = gate
  .roles('patient', 'doctor', 'pharmacy')
  .forPatient(inQuery('patientId'), noSuchPatient)
  .sharedAs('prescriptions');

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
        readers,
        "Prescriptions, newest first: a patient's own; those a doctor wrote (patientId: for one patient who shares with them); those sent to a pharmacy (fill=open: only those with a fill still at the pharmacy, its queue). A doctor's or a pharmacy's list is in each shown patient's access log",
        {
          querystring: prescriptionListQuerySchema,
          response: { 200: prescriptionListSchema, ...errorResponses(400, 401, 404) },
        },
      ),
      async (request) => {
        const { status, patientId, fill, ...page } = request.query;
        return prescriptions.list(claimsOf(request), { status, patientId, fill }, page, request.ip);
      },
    );

    app.get(
      '/prescriptions/:id',
      route.signedIn(
        readers,
        'One prescription, for its patient, the doctor who wrote it and the pharmacy it was sent to',
        {
          params: idParams,
          querystring: z.strictObject(namedPatient),
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404) },
        },
      ),
      async (request) => prescriptions.get(claimsOf(request), request.params.id, request.ip),
    );
  };
}

/** The prescription as a PDF, in the language the page asked in. */
function printRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/prescriptions/:id/pdf',
      route.signedIn(
        readers,
        'The prescription as a one-page PDF with its code and a QR code of it',
        {
          params: idParams,
          querystring: z.strictObject(namedPatient),
          response: {
            200: z.any().describe('application/pdf'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      ),
      async (request, reply) => {
        const p = await prescriptions.forPrinting(claimsOf(request), request.params.id, request.ip);
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
