import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyLoggerOptions, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { API_PREFIX, UPLOAD_MAX_BYTES } from '@tend/shared';
import { scheduleBackups } from './backup/scheduled-backups.ts';
import type { Config } from './config.ts';
import { openCounterStore } from './counters/open-counter-store.ts';
import type { Db } from './db/database.ts';
import { createJobRunner } from './jobs/runner.ts';
import { lazyChildLogger, loggerOptions } from './lib/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createOutbox } from './mail/outbox.ts';
import { accountsModule } from './modules/accounts/module.ts';
import { appointmentsModule } from './modules/appointments/module.ts';
import { looksOfRequests } from './modules/audit/kept-looks.ts';
import { buildModules, type AnyModule, type BuiltModules } from './modules/build-modules.ts';
import { calendarModule } from './modules/calendar/module.ts';
import { caregiversModule } from './modules/caregivers/module.ts';
import { careModule } from './modules/care/module.ts';
import { eventsModule } from './modules/events/module.ts';
import { fhirModule } from './modules/fhir/module.ts';
import { healthModule } from './modules/health/module.ts';
import { measurementsModule } from './modules/measurements/module.ts';
import { medicationsModule } from './modules/medications/module.ts';
import { messagingModule } from './modules/messaging/module.ts';
import type { Platform } from './modules/module.ts';
import { notificationSettingsModule } from './modules/notification-settings/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { pharmaciesModule } from './modules/pharmacies/module.ts';
import { prescriptionsModule } from './modules/prescriptions/module.ts';
import { pushModule } from './modules/push/module.ts';
import { recoveryModule } from './modules/recovery/module.ts';
import { remindersModule } from './modules/reminders/module.ts';
import { reportsModule } from './modules/reports/module.ts';
import { subscriptionsModule } from './modules/subscriptions/module.ts';
import { twoStepModule } from './modules/two-step/module.ts';
import { visitsModule } from './modules/visits/module.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerCompression } from './plugins/compression.ts';
import { errorHandler, registerErrorHandling } from './plugins/error-handler.ts';
import { gatesAtMost, registerAdmission } from './plugins/gates.ts';
import { createKeptAnswers } from './plugins/kept-answers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { serializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

type LoggerOptions = FastifyLoggerOptions & { stream?: NodeJS.WritableStream };
type AnswerEarly = (request: IncomingMessage, response: ServerResponse) => boolean;

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Tend's modules, side by side (docs/architecture.md), in the order their routes are registered.
 * Each is one descriptor (its module.ts); what they need of each other is in capabilities.ts.
 */
export const MODULES: readonly AnyModule[] = [
  healthModule,
  subscriptionsModule,
  accountsModule,
  twoStepModule,
  remindersModule,
  recoveryModule,
  calendarModule,
  eventsModule,
  notificationsModule,
  notificationSettingsModule,
  pushModule,
  pharmaciesModule,
  prescriptionsModule,
  medicationsModule,
  careModule,
  caregiversModule,
  appointmentsModule,
  reportsModule,
  visitsModule,
  messagingModule,
  measurementsModule,
  fhirModule,
];

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Tests pass a stream to read what was logged (with the same redaction as production). */
  logStream?: NonNullable<LoggerOptions['stream']>;
  /** "Now" for everything date-dependent (today's doses); tests fix it. */
  clock?: () => Date;
  /** Tests add routes of their own to the signed-in part of the API (each with its gate). */
  moreSignedInRoutes?: FastifyPluginAsync;
}

/** Builds the whole server without listening; main.ts and the tests both start here. */
export async function buildApp({
  config,
  db,
  logStream,
  clock = () => new Date(),
  moreSignedInRoutes,
}: BuildAppOptions) {
  // Health checks may be answered before Fastify (the health module's fast path, decision 017).
  let answerEarly: AnswerEarly = () => false;
  const app = createFastify(config, logStream, (request, response) =>
    answerEarly(request, response),
  );
  // External plugins first, then the API, then the web app whose not-found handler catches the rest.
  await registerSecurityHeaders(app);
  await registerCompression(app);
  const platform = await createPlatform(app, config, db, clock);
  await registerRateLimits(app, platform.counters);
  await registerOpenApi(app);
  // Only the refresh route reads a cookie (refresh-cookie.ts parses it there), not every request.
  await app.register(cookie, { hook: false });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  app.decorateRequest('auth', null);

  const modules = buildModules(platform, MODULES);
  answerEarly = modules.capabilities.answerHealthFast ?? answerEarly;
  for (const [name, value] of Object.entries(modules.decorations)) app.decorate(name, value);
  for (const life of modules.lives) {
    if (life.onReady) app.addHook('onReady', life.onReady);
    if (life.preClose) app.addHook('preClose', life.preClose);
    if (life.onClose) app.addHook('onClose', life.onClose);
  }
  await app.register(apiRoutes(platform, modules, moreSignedInRoutes), { prefix: API_PREFIX });
  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Fastify on Node's server, with the answers every request may get before routing. */
function createFastify(
  config: Config,
  logStream: BuildAppOptions['logStream'],
  early: AnswerEarly,
) {
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (early(request, response)) return;
        handler(request, response);
      });
      // The timeouts Fastify sets on a server it makes itself (its defaults, filled in by now).
      const timeouts = options as { keepAliveTimeout?: number; requestTimeout?: number };
      server.keepAliveTimeout = timeouts.keepAliveTimeout ?? server.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout ?? server.requestTimeout;
      return server;
    },
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or overlong path is answered before routing; without this it skips the error shape.
    frameworkErrors: (error, request, reply) => {
      void errorHandler(error, request, reply);
    },
    // What Node's HTTP parser refuses (an unknown method, headers past the limit) never reaches routing.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // JSON only: anything else is a 415, not a string the schema then rejects as a 400. Uploads add their own parser.
  app.removeContentTypeParser('text/plain');
  return app;
}

type TendFastify = ReturnType<typeof createFastify>;

/** What every module may use (modules/module.ts), tied to the server's life. */
async function createPlatform(
  app: TendFastify,
  config: Config,
  db: Db,
  clock: () => Date,
): Promise<Platform> {
  const counters = await openCounterStore(config, db, app.log);
  app.addHook('onClose', () => counters.close());
  // Background jobs (reminders, email, pushes); they start once the server is ready and stop first on close.
  const { jobsPollMs: pollMs, jobsLeaseMs: leaseMs } = config;
  const jobs = createJobRunner({ db, log: app.log, clock, pollMs, leaseMs });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  const mailer = createMailer(config.mail);
  app.addHook('onClose', async () => mailer?.close());
  // Every email goes through it: outbox.send(trx, { to, subject, text, html }, { key }).
  const outbox = createOutbox(jobs, mailer, clock);
  app.decorate('outbox', outbox);
  // Scheduled backups into BACKUP_DIR (none unless it is set); every instance plans, one job runs.
  const backups = scheduleBackups({ db, jobs, config, log: app.log, clock });
  app.addHook('onReady', async () => backups.start());
  return { config, db, clock, log: app.log, jobs, outbox, counters };
}

/** The API's three scopes: public, signed in, and the care of patients by doctors. */
function apiRoutes(
  { db, clock }: Platform,
  { capabilities, routes }: BuiltModules,
  moreSignedInRoutes: FastifyPluginAsync | undefined,
): FastifyPluginAsync {
  const { authenticate, isLinked, withAdmittedLink, caregiverAreasOf, recordOnBehalf } =
    capabilities;
  if (!authenticate || !isLinked || !withAdmittedLink || !caregiverAreasOf || !recordOnBehalf)
    throw new Error('accounts, care and caregivers are missing');
  return async (api) => {
    // Public: what a person needs before they have an account or a token.
    for (const plugin of routes.public) await api.register(plugin);
    // Everything else needs a live session; each route has its gate (`config: { gate }`,
    // plugins/gates.ts): the server does not start with a route without one.
    await api.register(async (signedIn) => {
      signedIn.addHook('onRequest', authenticate);
      // The route's gate (role, care link), and only then, for a GET asked again while the
      // database is unchanged, its kept answer (docs/decisions/035, 047).
      registerAdmission(signedIn, {
        links: { isLinked, withAdmittedLink },
        caregiving: { areasOf: caregiverAreasOf, recordOnBehalf },
        keptAnswers: createKeptAnswers(signedIn, db, clock, looksOfRequests(db.kysely)),
      });
      for (const plugin of routes.signedIn) await signedIn.register(plugin);
      // The care of patients by doctors: a pharmacy is refused all of it by each route's gate,
      // before any service runs, so no "doctor, else patient" branch ever sees a pharmacy. The
      // server does not start with a route here whose gate would let a pharmacy in.
      await signedIn.register(async (careSide) => {
        gatesAtMost(careSide, ['patient', 'doctor']);
        for (const plugin of routes.care) await careSide.register(plugin);
      });
      if (moreSignedInRoutes) await signedIn.register(moreSignedInRoutes);
    });
  };
}
