import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilitySchema, slotListSchema, slotQuerySchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { AppointmentService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['appointments'];
const errors = errorResponses(400, 401, 403, 404);

export function availabilityRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { availability } = appointments;
  return async (app) => {
    app.get(
      '/me/availability',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary: 'My weekly hours, slot length, days off and time zone',
          tags,
          security,
          response: { 200: availabilitySchema, ...errors },
        },
      },
      async (request) => availability.get(caller(request).userId),
    );

    app.put(
      '/me/availability',
      {
        config: { gate: gate.roles('doctor') },
        schema: {
          summary: 'Set my weekly hours (ranges of one weekday may not overlap), slots, days off',
          tags,
          security,
          body: availabilitySchema,
          response: { 200: availabilitySchema, ...errors },
        },
      },
      async (request) => availability.put(caller(request).userId, request.body),
    );

    app.get(
      '/doctors/:id/slots',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: "A doctor's free future slots between from and to (at most 31 days)",
          tags,
          security,
          params: z.object({ id: z.string().max(64) }),
          querystring: slotQuerySchema,
          response: { 200: slotListSchema, ...errors },
        },
      },
      async (request) =>
        availability.slots(request.params.id, request.query.from, request.query.to),
    );
  };
}
