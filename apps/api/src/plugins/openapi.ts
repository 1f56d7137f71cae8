import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The operation's extension naming the caregivers' area a route belongs to (gates.ts `sharedAs`). */
export const CAREGIVER_AREA_EXTENSION = 'x-caregiver-area';

/**
 * The route schemas as JSON Schema, and for a patient's route a caregiver may reach on the
 * patient's behalf, its area: a client learns which routes take `patientId` for a caregiver, and
 * the permission table checks it has a row of caregivers for each.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const area = input.route.config?.gate?.area;
  if (area === undefined) return transformed;
  return { ...transformed, schema: { ...transformed.schema, [CAREGIVER_AREA_EXTENSION]: area } };
};

/** OpenAPI 3.1 generated from the route schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tend API',
        description: 'Health communication between patients and doctors.',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
