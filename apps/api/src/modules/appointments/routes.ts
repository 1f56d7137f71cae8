import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentRoutes } from './appointment-routes.ts';
import { availabilityRoutes } from './availability-routes.ts';
import type { AppointmentService } from './service.ts';

export function appointmentsModuleRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(availabilityRoutes(appointments));
    await app.register(appointmentRoutes(appointments));
  };
}
