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
import { caller } from '../../plugins/authentication.ts';
import type { AppointmentService } from './service.ts';
import { gate } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['appointments'];
const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: z.string().max(64) });

/** A change of state of one appointment: it answers with the appointment as it now is. */
function change<B extends z.ZodType>(roles: [UserType, ...UserType[]], summary: string, body: B) {
  return {
    config: { gate: gate.roles(...roles) },
    schema: {
      summary,
      tags,
      security,
      params,
      body,
      response: { 200: appointmentSchema, ...errors },
    },
  };
}

/** Booking and reading: a new appointment, my list, one appointment. */
function bookingRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { booking } = appointments;
  return async (app) => {
    app.post(
      '/appointments',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary: "Book one of a doctor's free slots (409 slot_taken when someone was quicker)",
          tags,
          security,
          body: bookingRequestSchema,
          response: { 201: appointmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const id = await booking.book(caller(request).userId, request.body);
        return reply.status(201).send(await appointments.view(id));
      },
    );

    app.get(
      '/appointments',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'My appointments (as patient or as doctor), a page at a time',
          tags,
          security,
          querystring: appointmentListQuerySchema,
          response: { 200: appointmentListSchema, ...errors },
        },
      },
      async (request) => appointments.list(caller(request), request.query),
    );

    app.get(
      '/appointments/:id',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'One appointment, for its patient and its doctor',
          tags,
          security,
          params,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => appointments.get(caller(request), request.params.id),
    );
  };
}

/** The visit's life: accepted, cancelled, moved, completed. */
function lifecycleRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { booking, lifecycle } = appointments;
  return async (app) => {
    app.post(
      '/appointments/:id/accept',
      change(
        ['doctor'],
        'Accept a requested appointment (links the patient with me if not yet linked)',
        z.strictObject({}).nullish(),
      ),
      async (request) => {
        await lifecycle.accept(caller(request), request.params.id, request.ip);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/cancel',
      change(
        ['patient', 'doctor'],
        'Cancel a requested or accepted appointment, with a reason (either side)',
        cancelRequestSchema,
      ),
      async (request) => {
        await lifecycle.cancel(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/reschedule',
      change(
        ['patient'],
        'Move my appointment to another free slot; it waits for the doctor again',
        rescheduleRequestSchema,
      ),
      async (request) => {
        await booking.reschedule(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/complete',
      change(
        ['doctor'],
        'Mark an accepted appointment that has started as completed',
        completeRequestSchema,
      ),
      async (request) => {
        await lifecycle.complete(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );
  };
}

/** After the visit: its payment and receipt, and the patient's review. */
function billingRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { billing, reviews } = appointments;
  return async (app) => {
    app.post(
      '/appointments/:id/payment',
      change(
        ['doctor'],
        'Record the payment of an accepted or completed appointment; issues a receipt number',
        paymentRequestSchema,
      ),
      async (request) => {
        await billing.pay(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );

    app.get(
      '/appointments/:id/receipt',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'The receipt of a paid appointment, as a PDF',
          tags,
          security,
          params,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
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
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary: 'Review my completed appointment, once',
          tags,
          security,
          params,
          body: reviewRequestSchema,
          response: { 201: reviewSchema, ...errors },
        },
      },
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
