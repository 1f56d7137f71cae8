import { answerLanguage } from '../../lib/answer-language.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  bookingRequestSchema,
  cancelRequestSchema,
  completeRequestSchema,
  paymentRequestSchema,
  rescheduleRequestSchema,
  reviewRequestSchema,
  reviewSchema,
} from '@tend/shared';

import { errorResponses } from '../../lib/error-responses.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import type { AppointmentService } from './service.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import { caller, claimsOf, gate, inBody, inQuery, type Gate } from '../../plugins/gates.ts';
import { idParams, namedPatient, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('appointments', errorResponses(400, 401, 403, 404, 409));

/**
 * A caregiver with `appointments` sees, books, moves and cancels the patient's visits, naming the
 * patient (`?patientId=` on a GET, `patientId` in the body of a POST): the visit is the patient's,
 * as if they had acted (DESIGN.md "Caregivers"). A doctor naming a patient who shares with them
 * passes too; on the list it narrows theirs to that patient.
 */
const sharedWithCaregivers = (named: typeof inQuery) =>
  gate
    .roles('patient', 'doctor')
    .forPatient(named('patientId'), noSuchPatient)
    .sharedAs('appointments');

type Api = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A change of state of one appointment (POST /appointments/:id/…): the service acts, and the answer
 * is the appointment as it now is.
 */
function postChange<B extends z.ZodType>(
  app: Api,
  appointments: AppointmentService,
  change: { path: string; gate: Gate; summary: string; body: B },
  act: (claims: AccessClaims, id: string, body: z.output<B>, ip: string) => Promise<unknown>,
) {
  app.post(
    `/appointments/:id/${change.path}`,
    route.signedIn(change.gate, change.summary, {
      params: idParams,
      body: change.body,
      response: { 200: appointmentSchema },
    }),
    async (request) => {
      // The body was parsed by `change.body` before the handler runs; only its type is lost here.
      await act(claimsOf(request), request.params.id, request.body as z.output<B>, request.ip);
      return appointments.view(request.params.id);
    },
  );
}

/** Booking and reading: a new appointment, my list, one appointment. */
function bookingRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { booking } = appointments;
  return async (app) => {
    app.post(
      '/appointments',
      route.signedIn(
        gate.onBehalf('appointments', inBody('patientId')),
        "Book one of a doctor's free slots (409 slot_taken when someone was quicker); a caregiver books for the patient (patientId)",
        { body: bookingRequestSchema.extend(namedPatient), response: { 201: appointmentSchema } },
      ),
      async (request, reply) => {
        const { patientId: _named, ...input } = request.body;
        const id = await booking.book(claimsOf(request).userId, input);
        return reply.status(201).send(await appointments.view(id));
      },
    );

    app.get(
      '/appointments',
      route.signedIn(
        sharedWithCaregivers(inQuery),
        'My appointments (as patient or as doctor; a doctor’s with one patient who shares with them, patientId), a page at a time',
        {
          querystring: appointmentListQuerySchema.extend(namedPatient),
          response: { 200: appointmentListSchema },
        },
      ),
      async (request) => {
        const { patientId, ...query } = request.query;
        const claims = claimsOf(request);
        return appointments.list(claims, query, claims.role === 'doctor' ? patientId : undefined);
      },
    );

    app.get(
      '/appointments/:id',
      route.signedIn(
        sharedWithCaregivers(inQuery),
        'One appointment, for its patient and its doctor',
        {
          params: idParams,
          querystring: z.strictObject(namedPatient),
          response: { 200: appointmentSchema },
        },
      ),
      async (request) => appointments.get(claimsOf(request), request.params.id),
    );
  };
}

/** The visit's life: accepted, cancelled, moved, completed. */
function lifecycleRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { booking, lifecycle } = appointments;
  return async (app) => {
    postChange(
      app,
      appointments,
      {
        path: 'accept',
        gate: gate.roles('doctor'),
        summary: 'Accept a requested appointment (links the patient with me if not yet linked)',
        body: z.strictObject({}).nullish(),
      },
      (claims, id, _body, ip) => lifecycle.accept(claims, id, ip),
    );
    postChange(
      app,
      appointments,
      {
        path: 'cancel',
        gate: sharedWithCaregivers(inBody),
        summary: 'Cancel a requested or accepted appointment, with a reason (either side)',
        body: cancelRequestSchema.extend(namedPatient),
      },
      (claims, id, body) => lifecycle.cancel(claims, id, body),
    );
    postChange(
      app,
      appointments,
      {
        path: 'reschedule',
        gate: gate.onBehalf('appointments', inBody('patientId')),
        summary: 'Move my appointment to another free slot; it waits for the doctor again',
        body: rescheduleRequestSchema.extend(namedPatient),
      },
      (claims, id, body) => booking.reschedule(claims, id, body),
    );
    postChange(
      app,
      appointments,
      {
        path: 'complete',
        gate: gate.roles('doctor'),
        summary: 'Mark an accepted appointment that has started as completed',
        body: completeRequestSchema,
      },
      (claims, id, body) => lifecycle.complete(claims, id, body),
    );
  };
}

/** After the visit: its payment and receipt, and the patient's review. */
function billingRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { billing, reviews } = appointments;
  return async (app) => {
    postChange(
      app,
      appointments,
      {
        path: 'payment',
        gate: gate.roles('doctor'),
        summary:
          'Record the payment of an accepted or completed appointment; issues a receipt number',
        body: paymentRequestSchema,
      },
      (claims, id, body) => billing.pay(claims, id, body),
    );

    app.get(
      '/appointments/:id/receipt',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'The receipt of a paid appointment, as a PDF',
        { params: idParams, response: { 200: z.any().describe('application/pdf') } },
      ),
      async (request, reply) => {
        const receipt = await billing.receipt(
          caller(request),
          request.params.id,
          answerLanguage(request),
        );
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="receipt-${receipt.number}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(receipt.pdf);
      },
    );

    app.post(
      '/appointments/:id/review',
      route.signedIn(gate.roles('patient'), 'Review my completed appointment, once', {
        params: idParams,
        body: reviewRequestSchema,
        response: { 201: reviewSchema },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await reviews.review(caller(request), request.params.id, request.body)),
    );
  };
}

export function appointmentRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(bookingRoutes(appointments));
    await app.register(lifecycleRoutes(appointments));
    await app.register(billingRoutes(appointments));
  };
}
