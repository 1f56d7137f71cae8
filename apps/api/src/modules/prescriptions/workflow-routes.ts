import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fillUpdateSchema,
  prescriptionCancelSchema,
  prescriptionSchema,
  prescriptionSendSchema,
  refillResultSchema,
  renewalDecisionSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller } from '../../plugins/gates.ts';
import { gate } from '../../plugins/gates.ts';
import type { PrescriptionService } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['prescriptions'];
const params = z.object({ id: z.string().max(64) });

/** A prescription's way to the patient: sent, filled step by step, refilled, renewed or cancelled. */
export function workflowRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
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
  };
}
