import { createServer } from 'node:http';
import Fastify, { type FastifyLoggerOptions, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX, UPLOAD_MAX_BYTES } from '@tend/shared';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { openCounterStore } from './counters/open-counter-store.ts';
import { lazyChildLogger, loggerOptions } from './lib/logger.ts';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { accountRecords } from './modules/accounts/account-records.ts';
import { createAuthService } from './modules/accounts/auth-service.ts';
import { authenticateWith } from './modules/accounts/authentication.ts';
import { authRoutes, signOutRoute } from './modules/accounts/auth-routes.ts';
import { avatarRoutes } from './modules/accounts/avatar-routes.ts';
import { createMeService } from './modules/accounts/me-service.ts';
import { createPasswordSetting } from './modules/accounts/password-setting.ts';
import { devicesRoutes } from './modules/accounts/devices-routes.ts';
import { createDevicesService } from './modules/accounts/devices-service.ts';
import { setRefreshCookie } from './modules/accounts/refresh-cookie.ts';
import { createSessionCheck } from './modules/accounts/session-cache.ts';
import { watchSessionsEndedAnywhere } from './modules/accounts/session-revocations.ts';
import { createDeviceCookies } from './modules/accounts/device-cookies.ts';
import { createSignInThrottle } from './modules/accounts/sign-in-throttle.ts';
import { meRoutes } from './modules/accounts/me-routes.ts';
import { TokenService } from './modules/accounts/tokens.ts';
import { appointmentsModuleRoutes } from './modules/appointments/routes.ts';
import { calendarFeedRoutes, calendarRoutes } from './modules/calendar/routes.ts';
import { createCalendarService } from './modules/calendar/service.ts';
import { createAppointmentService } from './modules/appointments/service.ts';
import { careRoutes } from './modules/care/routes.ts';
import { pharmacyRoutes } from './modules/pharmacies/routes.ts';
import { createPharmacyService, pharmacyProfileOf } from './modules/pharmacies/service.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { createEventsService } from './modules/events/service.ts';
import { createCareService, withAdmittedLink } from './modules/care/service.ts';
import { fhirRoutes } from './modules/fhir/routes.ts';
import { createFhirService } from './modules/fhir/service.ts';
import { measurementRoutes } from './modules/measurements/routes.ts';
import { createMeasurementService } from './modules/measurements/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createHealthStatus } from './modules/health/status.ts';
import { recoveryMeRoutes, recoveryPublicRoutes } from './modules/recovery/routes.ts';
import { createRecovery, isEmailConfirmed } from './modules/recovery/service.ts';
import { createEmailChanges } from './modules/recovery/email-change.ts';
import { emailChangeRoutes } from './modules/recovery/email-change-routes.ts';
import { latestBackup } from './backup/backups-repo.ts';
import { scheduleBackups } from './backup/scheduled-backups.ts';
import { medicationRoutes } from './modules/medications/routes.ts';
import { announceVisitChanges } from './modules/notifications/appointment-notices.ts';
import { announcePrescriptions } from './modules/notifications/prescription-notices.ts';
import { createReach } from './modules/notifications/reach.ts';
import { announceReportUploads } from './modules/notifications/report-notices.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { createNotificationService } from './modules/notifications/service.ts';
import { messageDelivery } from './modules/messaging/delivery.ts';
import { messagingRoutes } from './modules/messaging/routes.ts';
import { createMessagingService } from './modules/messaging/service.ts';
import { prescriptionRoutes } from './modules/prescriptions/routes.ts';
import { createPrescriptionService } from './modules/prescriptions/service.ts';
import { prescriptionSupply } from './modules/prescriptions/supply.ts';
import { createVerifyService } from './modules/prescriptions/verify.ts';
import { verifyRoutes } from './modules/prescriptions/verify-routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createReports } from './modules/reports/service.ts';
import { createMedicationService } from './modules/medications/service.ts';
import { createJobRunner, failureLabel } from './jobs/runner.ts';
import { createMailer } from './mail/mailer.ts';
import { createOutbox } from './mail/outbox.ts';
import { notificationSettingsRoutes } from './modules/notification-settings/routes.ts';
import {
  createNotificationSettingsService,
  settingsOf,
} from './modules/notification-settings/service.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { createPushService } from './modules/push/service.ts';
import { createActionTokens } from './modules/reminders/action-tokens.ts';
import { createReminders } from './modules/reminders/index.ts';
import { createReminderPlanner } from './modules/reminders/planner.ts';
import { reminderRoutes } from './modules/reminders/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { healthFastPath } from './modules/health/fast-path.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { errorHandler, registerErrorHandling } from './plugins/error-handler.ts';
import { gatesAtMost, registerAdmission } from './plugins/gates.ts';
import { createKeptAnswers } from './plugins/kept-answers.ts';
import { looksOfRequests } from './modules/audit/kept-looks.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { serializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { visitRoutes } from './modules/visits/routes.ts';
import { createSecretBox } from './modules/two-step/secret-box.ts';
import { twoStepMeRoutes, twoStepSignInRoutes } from './modules/two-step/routes.ts';
import { createTwoStepService } from './modules/two-step/service.ts';
import { roomFor, roomsFor } from './modules/visits/rooms.ts';
import { createVisitService } from './modules/visits/service.ts';

type LoggerOptions = FastifyLoggerOptions & { stream?: NodeJS.WritableStream };

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** How old a health answer may be when it is sent without asking the database again. */
export const HEALTH_MAX_AGE_MS = 1000;

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
  // Health checks over HTTP are answered before Fastify while the last check is under a second old.
  const health = createHealthStatus(db, { maxAgeMs: HEALTH_MAX_AGE_MS, latestBackup });
  const fastHealth = healthFastPath(health);
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (fastHealth.handle(request, response)) return;
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
  app.addHook('preClose', () => {
    fastHealth.close();
  });
  // JSON only: anything else is a 415, not a string the schema then rejects as a 400. Uploads add their own parser.
  app.removeContentTypeParser('text/plain');

  // External plugins first, then the API, then the web app whose not-found handler catches the rest.
  await registerSecurityHeaders(app);
  await registerCompression(app);
  const counters = await openCounterStore(config, db, app.log);
  app.addHook('onClose', () => counters.close());
  await registerRateLimits(app, counters);
  await registerOpenApi(app);
  // Only the refresh route reads a cookie (refresh-cookie.ts parses it there), not every request.
  await app.register(cookie, { hook: false });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  app.decorateRequest('auth', null);

  // Background jobs (reminders, email, pushes); they start once the server is ready and stop first on close.
  const jobs = createJobRunner({
    db,
    log: app.log,
    clock,
    pollMs: config.jobsPollMs,
    leaseMs: config.jobsLeaseMs,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  const mailer = createMailer(config.mail);
  app.addHook('onClose', async () => mailer?.close());
  // Every email goes through it: outbox.send(trx, { to, subject, text, html }, { key }).
  const outbox = createOutbox(jobs, mailer, clock);
  app.decorate('outbox', outbox);

  // A new password (changed or reset) ends the sign-ins waiting for their second step too.
  const passwordSetting = createPasswordSetting((trx, userId, now) =>
    twoStep.endPendingSignIns(trx, userId, now),
  );
  // Forgot password and address confirmation, by emailed links (docs/decisions/016).
  const recovery = createRecovery({
    db,
    jobs,
    outbox,
    counters,
    publicUrl: config.publicUrl,
    accounts: {
      ...accountRecords,
      preparePassword: passwordSetting.prepare,
      setPassword: passwordSetting.set,
    },
    clock,
  });
  const pharmacies = createPharmacyService(db);
  // Live sessions kept in memory on PostgreSQL; ended sessions leave it at once on every instance.
  const sessions = createSessionCheck(db, config.database, app.log);
  app.addHook('onClose', () => sessions.close());
  const auth = createAuthService({
    db,
    tokens: new TokenService(config.secrets.tokenSecret),
    // Strangers' wrong passwords pause strangers, not the owner's own device (docs/decisions/020).
    throttle: createSignInThrottle(counters, createDeviceCookies(config.secrets.tokenSecret)),
    pharmacyDetails: pharmacies,
    sessions,
    registrationMail: {
      registered: (trx, user, now) => recovery.sendConfirmation(trx, user, now),
      emailTaken: (trx, owner, now) => recovery.noticeEmailTaken(trx, owner, now),
    },
    secondStep: (userId, role) => twoStep.gate(userId, role),
  });
  // Two-step sign-in (docs/decisions/021): asked after a right password, before any session.
  const twoStep = createTwoStepService({
    db,
    clock,
    counters,
    box: createSecretBox(config.secrets.tokenSecret),
    requiredRoles: config.requireTwoStep,
    accounts: {
      confirmPassword: (userId, password, field) => me.confirmPassword(userId, password, field),
      emailOf: (userId) => me.emailOf(userId),
      startSession: (trx, userId, now, meta) => auth.startSession(trx, userId, now, meta),
    },
  });
  // Reminders follow the data they are about: a change re-plans them in its own transaction.
  const reminderPlanner = createReminderPlanner({
    clock,
    dialect: db.dialect,
    supplyOf: prescriptionSupply,
  });
  const medications = createMedicationService(db, clock, (trx, patientId, id, onlyDay) =>
    reminderPlanner.planDoses(trx, patientId, [id], onlyDay),
  );
  // Live events: other modules publish through it inside their transactions (see its service.ts).
  const events = createEventsService({ db, database: config.database, log: app.log, clock });
  // Open streams never end by themselves: end them first, or closing would wait for them.
  app.addHook('preClose', async () => events.endStreams());
  app.addHook('onClose', () => events.close());
  // A session ended anywhere ends its open streams at once (their tabs then sign out): this
  // process's before the commit, other instances' when their NOTIFY arrives (decision 023, 048).
  const stopEndingStreams = watchSessionsEndedAnywhere((ended) => events.hub.endSessions(ended));
  app.addHook('onClose', async () => stopEndingStreams());
  // Tests publish through it directly.
  app.decorate('liveEvents', events);
  const actionTokens = createActionTokens(config.secrets.tokenSecret);
  const publish = events.publish.bind(events);
  const notifications = createNotificationService(db, publish, clock, actionTokens.tokenFor);
  const notify = notifications.notify.bind(notifications);
  // Accepting a visit links the pair (care); the directory shows free slots (appointments).
  const appointments = createAppointmentService({
    db,
    clock,
    linkOnAccept: (trx, link, now) => care.linkOnAcceptedVisit(trx, link, now),
    announce: async (trx, change) => {
      await reminderPlanner.planVisit(trx, change.appointmentId);
      await announceVisitChanges({ notify, publish })(trx, change);
    },
  });
  // Care asks medications, appointments and measurements (the last is built below: asked per request).
  const care = createCareService(
    db,
    {
      trackingOf: (patientId, page) => medications.trackingOf(patientId, page),
      adherenceTotalsOf: (patientIds, days) => medications.adherenceTotalsOf(patientIds, days),
      directoryStatsOf: (doctorIds) => appointments.directory.statsOf(doctorIds),
      outsideTargetsOf: (doctorId, patientIds, now) =>
        measurements.outsideTargetsOf(doctorId, patientIds, now),
    },
    clock,
  );
  // Readings of a patient's body; a reading outside a doctor's target notifies that doctor.
  const measurements = createMeasurementService({
    db,
    clock,
    isLinked: care.isLinked,
    notify: (trx, userId, notice) => notifications.notify(trx, userId, notice),
  });
  // The whole record as a FHIR R4 Bundle: the patient's own, or a linked doctor's patient's.
  const fhir = createFhirService({
    db,
    clock,
    isLinked: care.isLinked,
    publicUrl: config.publicUrl,
  });
  // Web Push for reminders and for a patient's prescription notices.
  const push = createPushService({ db, config, clock, jobs, tokenFor: actionTokens.tokenFor });
  // Email and push beside the in-app notice, as each person's notification settings choose.
  const reach = createReach({
    outbox,
    notify,
    isEmailConfirmed,
    choicesOf: settingsOf,
    queuePush: (trx, userId, key, message) => push.queue(trx, userId, key, message),
  });

  const reports = createReports(db, care.isLinked, announceReportUploads(notify));
  // A doctor prescribes for a patient who shares with them; the patient is told, and the
  // pharmacy the patient sends it to.
  const prescriptions = createPrescriptionService({
    db,
    clock,
    isLinked: care.isLinked,
    announce: announcePrescriptions({
      notify,
      reach,
      publicUrl: config.publicUrl,
      pharmacyNameOf: async (executor, id) => (await pharmacyProfileOf(executor, id))?.name,
    }),
    isListedPharmacy: pharmacies.isListed,
    // Dispensing puts the medication on the patient's list (and re-plans its reminders)
    // and plans the "running out" reminder of its supply.
    addDispensed: async (trx, patientId, dispensed) => {
      await medications.addDispensed(trx, patientId, dispensed);
      await reminderPlanner.planRunOut(trx, dispensed.prescriptionId);
    },
  });
  // A patient and a doctor may talk while they share a care link or a visit.
  const messaging = createMessagingService({
    db,
    clock,
    counters,
    mayTalk: async (patientId, doctorId) =>
      (await care.isLinked(patientId, doctorId)) ||
      appointments.haveVisitTogether(patientId, doctorId),
    delivery: messageDelivery(publish, notify),
  });
  // Video visits: rooms of online appointments; signals go to the other side as live events.
  const visits = createVisitService({
    db,
    clock,
    appointmentFor: (claims, id) => appointments.get(claims, id),
    publish,
    iceServers: config.iceServers,
  });
  // Calendar feeds: visits and medication reminders at a secret address (docs/decisions/013).
  const calendar = createCalendarService({
    db,
    clock,
    serverSecret: config.secrets.tokenSecret,
    publicUrl: config.publicUrl,
    reminderTimesOf: async (executor, userId) => (await settingsOf(executor, userId)).remindertimes,
    roomsFor,
  });
  // Dose and visit reminders, delivered in-app, by email and by Web Push (docs/decisions/012).
  const reminders = createReminders({
    db,
    config,
    clock,
    jobs,
    tokens: actionTokens,
    planner: reminderPlanner,
    deliver: (trx, person, reminder) => reach.everywhere(trx, person, reminder),
    visitRoom: roomFor,
    supplyOf: prescriptionSupply,
    recordDose: (patientId, id, date, taken) => medications.recordDose(patientId, id, date, taken),
  });
  const notificationSettings = createNotificationSettingsService({
    db,
    clock,
    onChange: (trx, userId) => reminderPlanner.planDoses(trx, userId),
  });
  app.addHook('onReady', async () => {
    if (config.jobsPollMs <= 0) return;
    // Missing it only delays the safety-net pass: each reminder also queues the next day's.
    await reminders.ensureDailyPlanning().catch((error: unknown) => {
      app.log.warn({ failure: failureLabel(error) }, 'could not queue the daily reminder planning');
    });
  });
  // A new address takes effect when the link sent to it is opened (docs/decisions/020).
  const emailChanges = createEmailChanges({
    db,
    outbox,
    publicUrl: config.publicUrl,
    accounts: accountRecords,
    clock,
  });
  const me = createMeService({
    db,
    counters,
    mayViewPerson: care.mayViewPerson,
    forgetFilesOf: reports.forgetReportsOf,
    emailChanges,
    pharmacyDetails: pharmacies,
    passwordSetting,
  });
  // Scheduled backups into BACKUP_DIR (none unless it is set); every instance plans, one job runs.
  const backups = scheduleBackups({ db, jobs, config, log: app.log, clock });
  app.addHook('onReady', async () => backups.start());

  await app.register(
    async (api) => {
      // Public: what a person needs before they have an account or a token.
      await api.register(healthRoutes(health));
      await api.register(subscriptionRoutes(db));
      await api.register(authRoutes(auth));
      await api.register(
        twoStepSignInRoutes(twoStep, (reply, signedIn) => {
          setRefreshCookie(reply, signedIn.refreshToken);
          return signedIn.session;
        }),
      );
      await api.register(reminderRoutes(reminders));
      await api.register(recoveryPublicRoutes(recovery));
      await api.register(emailChangeRoutes(emailChanges));
      await api.register(calendarFeedRoutes(calendar));

      // Everything else needs a live session; new modules go in here, each route with its gate
      // (`config: { gate }`, plugins/gates.ts): the server does not start with a route without one.
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', authenticateWith(auth));
        // The route's gate (role, care link), and only then, for a GET asked again while the
        // database is unchanged, its kept answer (docs/decisions/035, 047).
        registerAdmission(signedIn, {
          links: { isLinked: care.isLinked, withAdmittedLink },
          keptAnswers: createKeptAnswers(signedIn, db, clock, looksOfRequests(db.kysely)),
        });
        await signedIn.register(signOutRoute(auth));
        await signedIn.register(meRoutes(me));
        await signedIn.register(twoStepMeRoutes(twoStep));
        await signedIn.register(devicesRoutes(createDevicesService(db)));
        await signedIn.register(recoveryMeRoutes(recovery));
        await signedIn.register(avatarRoutes(me));
        await signedIn.register(eventRoutes(events));
        await signedIn.register(notificationRoutes(notifications));
        await signedIn.register(notificationSettingsRoutes(notificationSettings));
        await signedIn.register(pushRoutes(push));
        await signedIn.register(pharmacyRoutes(pharmacies));
        // Prescriptions reach a pharmacy too (those sent to it): each route's gate names the roles
        // it serves, and the service names every role it serves.
        await signedIn.register(prescriptionRoutes(prescriptions));
        await signedIn.register(verifyRoutes(createVerifyService({ db, clock, counters })));

        // The care of patients by doctors: a pharmacy is refused all of it by each route's gate,
        // before any service runs, so no "doctor, else patient" branch below ever sees a pharmacy.
        // The server does not start with a route here whose gate would let a pharmacy in.
        await signedIn.register(async (careSide) => {
          gatesAtMost(careSide, ['patient', 'doctor']);
          await careSide.register(medicationRoutes(medications));
          await careSide.register(careRoutes(care));
          await careSide.register(appointmentsModuleRoutes(appointments));
          await careSide.register(reportRoutes(reports));
          await careSide.register(visitRoutes(visits));
          await careSide.register(messagingRoutes(messaging));
          await careSide.register(calendarRoutes(calendar));
          await careSide.register(measurementRoutes(measurements));
          await careSide.register(fhirRoutes(fhir));
        });
        if (moreSignedInRoutes) await signedIn.register(moreSignedInRoutes);
      });
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
