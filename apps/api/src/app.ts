import Fastify, { type FastifyLoggerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX } from '@tend/shared';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { loggerOptions } from './lib/logger.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

type LoggerOptions = FastifyLoggerOptions & { stream?: NodeJS.WritableStream };

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Tests pass a stream to read what was logged (with the same redaction as production). */
  logStream?: NonNullable<LoggerOptions['stream']>;
}

/** Builds the whole server without listening; main.ts and the tests both start here. */
export async function buildApp({ config, db, logStream }: BuildAppOptions) {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // JSON only: anything else is a 415, not a string the schema then rejects as a 400. Uploads add their own parser.
  app.removeContentTypeParser('text/plain');

  // External plugins first, then the API, then the web app whose not-found handler catches the rest.
  await registerSecurityHeaders(app);
  await registerRateLimits(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(db));
      await api.register(subscriptionRoutes(db));
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
