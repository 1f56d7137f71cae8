import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pharmacyListSchema, pharmacySearchQuerySchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { PharmacyService } from './service.ts';
import { gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('pharmacies', errorResponses(400, 401));

/** The directory of pharmacies: anyone signed in (a patient chooses where to send a prescription). */
export function pharmacyRoutes(pharmacies: PharmacyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pharmacies',
      route.signedIn(
        gate.signedIn,
        'Pharmacies whose name starts with q and, when given, in city (both ignoring case), by name',
        {
          querystring: pharmacySearchQuerySchema,
          response: { 200: pharmacyListSchema },
        },
      ),
      async (request) => {
        const { q, city, ...page } = request.query;
        return pharmacies.directory({ q, city }, page);
      },
    );
  };
}
