import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilitySchema, slotListSchema, slotQuerySchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { AppointmentService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('appointments', errorResponses(400, 401, 403, 404));

export function availabilityRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  const { availability } = appointments;
  return async (app) => {
    app.get(
      '/me/availability',
      route.signedIn(gate.roles('doctor'), 'My weekly hours, slot length, days off and time zone', {
        response: { 200: availabilitySchema },
      }),
      async (request) => availability.get(caller(request).userId),
    );

    app.put(
      '/me/availability',
      route.signedIn(
        gate.roles('doctor'),
        'Set my weekly hours (ranges of one weekday may not overlap), slots, days off',
        { body: availabilitySchema, response: { 200: availabilitySchema } },
      ),
      async (request) => availability.put(caller(request).userId, request.body),
    );

    app.get(
      '/doctors/:id/slots',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        "A doctor's free future slots between from and to (at most 31 days)",
        { params: idParams, querystring: slotQuerySchema, response: { 200: slotListSchema } },
      ),
      async (request) =>
        availability.slots(request.params.id, request.query.from, request.query.to),
    );
  };
}
