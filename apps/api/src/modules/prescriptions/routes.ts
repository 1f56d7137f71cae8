import { answerLanguage } from '../../lib/answer-language.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fillUpdateSchema,
  prescriptionCancelSchema,
  prescriptionCreateSchema,
  prescriptionListQuerySchema,
  prescriptionListSchema,
  prescriptionSchema,
  prescriptionSendSchema,
  refillResultSchema,
  renewalDecisionSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';

import { renderPrescription } from './prescription-pdf.ts';
import { noSuchPatient, type PrescriptionService } from './service.ts';
import { caller, gate, inBody, inQuery } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['prescriptions'];
const params = z.object({ id: z.string().max(64) });

export function prescriptionRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/prescriptions',
      {
        config: { gate: gate.roles('doctor').forPatient(inBody('patientId'), noSuchPatient) },
        schema: {
          summary:
            'Write a prescription for a patient who shares with you (the patient is notified)',
          tags,
          security,
          body: prescriptionCreateSchema,
          response: { 201: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const created = await prescriptions.create(caller(request), request.body, request.ip);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/prescriptions',
      {
        config: {
          gate: gate
            .roles('patient', 'doctor', 'pharmacy')
            .forPatient(inQuery('patientId'), noSuchPatient),
        },
        schema: {
          summary:
            "Prescriptions, newest first: a patient's own; those a doctor wrote (patientId: for one patient who shares with them); those sent to a pharmacy (fill=open: only those with a fill still at the pharmacy, its queue). A doctor's or a pharmacy's list is in each shown patient's access log",
          tags,
          security,
          querystring: prescriptionListQuerySchema,
          response: { 200: prescriptionListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { status, patientId, fill, ...page } = request.query;
        return prescriptions.list(caller(request), { status, patientId, fill }, page, request.ip);
      },
    );

    app.get(
      '/prescriptions/:id',
      {
        config: { gate: gate.roles('patient', 'doctor', 'pharmacy') },
        schema: {
          summary:
            'One prescription, for its patient, the doctor who wrote it and the pharmacy it was sent to',
          tags,
          security,
          params,
          response: { 200: prescriptionSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => prescriptions.get(caller(request), request.params.id, request.ip),
    );

    app.post(
      '/prescriptions/:id/send',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary:
            'Send your active prescription to a pharmacy from the directory, or move it to another while no fill is in hand (the pharmacy is notified)',
          tags,
          security,
          params,
          body: prescriptionSendSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        prescriptions.send(caller(request), request.params.id, request.body.pharmacyId),
    );

    app.post(
      '/prescriptions/:id/fills/current',
      {
        config: { gate: gate.roles('pharmacy') },
        schema: {
          summary:
            'Move the open fill of a prescription sent to your pharmacy on: requested → preparing → ready → dispensed, or refused with a reason (the patient is notified; dispensing puts the medication on their list)',
          tags,
          security,
          params,
          body: fillUpdateSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        prescriptions.stepFill(caller(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/prescriptions/:id/refill',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary:
            'Ask the same pharmacy for the next fill of your prescription while refills are left; with none left, ask your doctor to renew it. The answer says which happened',
          tags,
          security,
          params,
          response: { 200: refillResultSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => prescriptions.refill(caller(request), request.params.id),
    );

    app.post(
      '/prescriptions/:id/renewal',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary:
            'Answer a renewal your patient asked for: approving writes a new prescription (same fields, new code) sent to the same pharmacy and answers it; refusing needs a reason and answers the old one. The patient is notified',
          tags,
          security,
          params,
          body: renewalDecisionSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        prescriptions.decideRenewal(caller(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/prescriptions/:id/cancel',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary:
            'Cancel a prescription you wrote, while it is active and nothing was dispensed (the patient is notified)',
          tags,
          security,
          params,
          body: prescriptionCancelSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        prescriptions.cancel(caller(request), request.params.id, request.body.reason, request.ip),
    );

    app.get(
      '/prescriptions/:id/pdf',
      {
        config: { gate: gate.roles('patient', 'doctor', 'pharmacy') },
        schema: {
          summary: 'The prescription as a one-page PDF with its code and a QR code of it',
          tags,
          security,
          params,
          response: {
            200: z.any().describe('application/pdf'),
            ...errorResponses(401, 404),
          },
        },
      },
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
