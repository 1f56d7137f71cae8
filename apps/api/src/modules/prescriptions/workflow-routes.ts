import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fillUpdateSchema,
  prescriptionCancelSchema,
  prescriptionSchema,
  prescriptionSendSchema,
  refillResultSchema,
  renewalDecisionSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import { z } from 'zod';
import { caller, claimsOf, gate, inBody } from '../../plugins/gates.ts';
import { idParams, namedPatient, routeDeclarations } from '../../plugins/route-declarations.ts';
import type { PrescriptionService } from './service.ts';

const route = routeDeclarations('prescriptions');

/** A prescription's way to the patient: sent, filled step by step, refilled, renewed or cancelled. */
export function workflowRoutes(prescriptions: PrescriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/prescriptions/:id/send',
      route.signedIn(
        gate.onBehalf('prescriptions', inBody('patientId')),
        'Send your active prescription to a pharmacy from the directory, or move it to another while no fill is in hand (the pharmacy is notified); a caregiver sends the patient’s (patientId)',
        {
          params: idParams,
          body: prescriptionSendSchema.extend(namedPatient),
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request) =>
        prescriptions.send(claimsOf(request), request.params.id, request.body.pharmacyId),
    );

    app.post(
      '/prescriptions/:id/fills/current',
      route.signedIn(
        gate.roles('pharmacy'),
        'Move the open fill of a prescription sent to your pharmacy on: requested → preparing → ready → dispensed, or refused with a reason (the patient is notified; dispensing puts the medication on their list)',
        {
          params: idParams,
          body: fillUpdateSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request) =>
        prescriptions.stepFill(caller(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/prescriptions/:id/refill',
      route.signedIn(
        gate.onBehalf('prescriptions'),
        'Ask the same pharmacy for the next fill of your prescription while refills are left; with none left, ask your doctor to renew it. The answer says which happened; a caregiver asks for the patient (?patientId=)',
        {
          params: idParams,
          querystring: z.strictObject(namedPatient),
          response: { 200: refillResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request) => prescriptions.refill(claimsOf(request), request.params.id),
    );

    app.post(
      '/prescriptions/:id/renewal',
      route.signedIn(
        gate.roles('doctor'),
        'Answer a renewal your patient asked for: approving writes a new prescription (same fields, new code) sent to the same pharmacy and answers it; refusing needs a reason and answers the old one. The patient is notified',
        {
          params: idParams,
          body: renewalDecisionSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request) =>
        prescriptions.decideRenewal(caller(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/prescriptions/:id/cancel',
      route.signedIn(
        gate.roles('doctor'),
        'Cancel a prescription you wrote, while it is active and nothing was dispensed (the patient is notified)',
        {
          params: idParams,
          body: prescriptionCancelSchema,
          response: { 200: prescriptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
      async (request) =>
        prescriptions.cancel(caller(request), request.params.id, request.body.reason, request.ip),
    );
  };
}
