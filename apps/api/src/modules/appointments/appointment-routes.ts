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
import type { AppointmentService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['appointments'];
const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: z.string().max(64) });

export function appointmentRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { booking, lifecycle, billing, reviews } = appointments;
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

    // Each change of state answers with the appointment as it now is.
    app.post(
      '/appointments/:id/accept',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary: 'Accept a requested appointment (links the patient with me if not yet linked)',
          tags,
          security,
          params,
          body: z.strictObject({}).nullish(),
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        await lifecycle.accept(caller(request), request.params.id, request.ip);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/cancel',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'Cancel a requested or accepted appointment, with a reason (either side)',
          tags,
          security,
          params,
          body: cancelRequestSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        await lifecycle.cancel(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/reschedule',
      {
        config: { gate: gate.roles('patient') },
        schema: {
          summary: 'Move my appointment to another free slot; it waits for the doctor again',
          tags,
          security,
          params,
          body: rescheduleRequestSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        await booking.reschedule(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/complete',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary: 'Mark an accepted appointment that has started as completed',
          tags,
          security,
          params,
          body: completeRequestSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        await lifecycle.complete(caller(request), request.params.id, request.body);
        return appointments.view(request.params.id);
      },
    );

    app.post(
      '/appointments/:id/payment',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary:
            'Record the payment of an accepted or completed appointment; issues a receipt number',
          tags,
          security,
          params,
          body: paymentRequestSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
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
