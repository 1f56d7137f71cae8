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
  type UserType,
} from '@tend/shared';

import { errorResponses } from '../../lib/error-responses.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import type { AppointmentService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('appointments', errorResponses(400, 401, 403, 404, 409));

type Api = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A change of state of one appointment (POST /appointments/:id/…): the service acts, and the answer
 * is the appointment as it now is.
 */
function postChange<B extends z.ZodType>(
  app: Api,
  appointments: AppointmentService,
  change: { path: string; roles: [UserType, ...UserType[]]; summary: string; body: B },
  act: (claims: AccessClaims, id: string, body: z.output<B>, ip: string) => Promise<unknown>,
) {
  app.post(
    `/appointments/:id/${change.path}`,
    route.signedIn(gate.roles(...change.roles), change.summary, {
      params: idParams,
      body: change.body,
      response: { 200: appointmentSchema },
    }),
    async (request) => {
      // The body was parsed by `change.body` before the handler runs; only its type is lost here.
      await act(caller(request), request.params.id, request.body as z.output<B>, request.ip);
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
        gate.roles('patient'),
        "Book one of a doctor's free slots (409 slot_taken when someone was quicker)",
        { body: bookingRequestSchema, response: { 201: appointmentSchema } },
      ),
      async (request, reply) => {
        const id = await booking.book(caller(request).userId, request.body);
        return reply.status(201).send(await appointments.view(id));
      },
    );

    app.get(
      '/appointments',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'My appointments (as patient or as doctor), a page at a time',
        { querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema } },
      ),
      async (request) => appointments.list(caller(request), request.query),
    );

    app.get(
      '/appointments/:id',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'One appointment, for its patient and its doctor',
        { params: idParams, response: { 200: appointmentSchema } },
      ),
      async (request) => appointments.get(caller(request), request.params.id),
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
        roles: ['doctor'],
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
        roles: ['patient', 'doctor'],
        summary: 'Cancel a requested or accepted appointment, with a reason (either side)',
        body: cancelRequestSchema,
      },
      (claims, id, body) => lifecycle.cancel(claims, id, body),
    );
    postChange(
      app,
      appointments,
      {
        path: 'reschedule',
        roles: ['patient'],
        summary: 'Move my appointment to another free slot; it waits for the doctor again',
        body: rescheduleRequestSchema,
      },
      (claims, id, body) => booking.reschedule(claims, id, body),
    );
    postChange(
      app,
      appointments,
      {
        path: 'complete',
        roles: ['doctor'],
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
        roles: ['doctor'],
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
