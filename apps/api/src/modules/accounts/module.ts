import type { FastifyReply } from 'fastify';
import { defineModule } from '../module.ts';
import { accountRecords } from './account-records.ts';
import { authRoutes, signOutRoute } from './auth-routes.ts';
import { createAuthService, type AuthService } from './auth-service.ts';
import { authenticateWith } from './authentication.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { createDeviceCookies } from './device-cookies.ts';
import { devicesRoutes } from './devices-routes.ts';
import { createDevicesService } from './devices-service.ts';
import { meRoutes } from './me-routes.ts';
import { createMeService, type MeService } from './me-service.ts';
import { createPasswordSetting, type PasswordSetting } from './password-setting.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import { createSessionCheck } from './session-cache.ts';
import { watchSessionsEndedAnywhere } from './session-revocations.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { TokenService } from './tokens.ts';

type SignedIn = Awaited<ReturnType<AuthService['startSession']>>;

declare module '../capabilities.ts' {
  interface Capabilities {
    /** The signed-in scope's first hook: the request's session, or a 401 (app.ts). */
    authenticate: ReturnType<typeof authenticateWith>;
    /** A sign-in's answer: its refresh token set as the cookie, the session in the body. */
    answerSignIn: (reply: FastifyReply, signedIn: SignedIn) => SignedIn['session'];
    startSession: AuthService['startSession'];
    confirmPassword: MeService['confirmPassword'];
    emailOf: MeService['emailOf'];
    accountByEmail: typeof accountRecords.findByEmail;
    addressOf: typeof accountRecords.addressOf;
    changeEmail: typeof accountRecords.changeEmail;
    isEmailTaken: typeof accountRecords.isEmailTaken;
    /** A patient record without a sign-in, for the one who cares for it (docs/decisions/051). */
    addDependent: typeof accountRecords.addDependent;
    /** A dependent's own address and password, from their invitation. */
    handOwnSignIn: typeof accountRecords.handOwnSignIn;
    isDependent: typeof accountRecords.isDependent;
    /** A new password checked against the policy and hashed, before the transaction that sets it. */
    preparePassword: PasswordSetting['prepare'];
    /** A prepared password set, ending the account's sessions and pending sign-ins. */
    setPassword: PasswordSetting['set'];
  }
}

/** Identity: registration, sign-in, sessions and devices, the person's own profile and password. */
export const accountsModule = defineModule({
  name: 'accounts',
  needs: [
    'endPendingSignIns',
    'secondStep',
    'sendConfirmation',
    'noticeEmailTaken',
    'savePharmacyDetails',
    'changePharmacyDetails',
    'pharmacyProfileOf',
    'mayViewPerson',
    'forgetFilesOf',
    'emailChangeSendable',
    'requestEmailChange',
    'pendingEmailChange',
    'cancelEmailChange',
    'endStreamsOf',
  ],
  create({ db, config, counters, log }, needs) {
    const pharmacyDetails = {
      saveDetails: needs.savePharmacyDetails,
      changeDetails: needs.changePharmacyDetails,
      profileOf: needs.pharmacyProfileOf,
    };
    // A new password (changed or reset) ends the sign-ins waiting for their second step too.
    const passwordSetting = createPasswordSetting(needs.endPendingSignIns);
    // Live sessions kept in memory on PostgreSQL; ended sessions leave it at once on every instance.
    const sessions = createSessionCheck(db, config.database, log);
    const auth = createAuthService({
      db,
      tokens: new TokenService(config.secrets.tokenSecret),
      // Strangers' wrong passwords pause strangers, not the owner's own device (docs/decisions/020).
      throttle: createSignInThrottle(counters, createDeviceCookies(config.secrets.tokenSecret)),
      pharmacyDetails,
      sessions,
      registrationMail: { registered: needs.sendConfirmation, emailTaken: needs.noticeEmailTaken },
      secondStep: needs.secondStep,
    });
    const me = createMeService({
      db,
      counters,
      mayViewPerson: needs.mayViewPerson,
      forgetFilesOf: needs.forgetFilesOf,
      emailChanges: {
        assertSendable: needs.emailChangeSendable,
        request: needs.requestEmailChange,
        pending: needs.pendingEmailChange,
        cancel: needs.cancelEmailChange,
      },
      pharmacyDetails,
      passwordSetting,
      currency: config.currency,
    });
    // A session ended anywhere ends its open streams at once (their tabs then sign out): this
    // process's before the commit, other instances' when their NOTIFY arrives (decision 023, 048).
    const stopEndingStreams = watchSessionsEndedAnywhere(needs.endStreamsOf);
    return {
      auth,
      me,
      sessions,
      passwordSetting,
      devices: createDevicesService(db),
      stopEndingStreams,
    };
  },
  provides: ({ auth, me, passwordSetting }) => ({
    authenticate: authenticateWith(auth),
    answerSignIn: (reply, signedIn) => {
      setRefreshCookie(reply, signedIn.refreshToken);
      return signedIn.session;
    },
    startSession: auth.startSession.bind(auth),
    confirmPassword: me.confirmPassword.bind(me),
    emailOf: me.emailOf.bind(me),
    accountByEmail: accountRecords.findByEmail,
    addressOf: accountRecords.addressOf,
    changeEmail: accountRecords.changeEmail.bind(accountRecords),
    isEmailTaken: accountRecords.isEmailTaken,
    addDependent: accountRecords.addDependent.bind(accountRecords),
    handOwnSignIn: accountRecords.handOwnSignIn.bind(accountRecords),
    isDependent: accountRecords.isDependent.bind(accountRecords),
    preparePassword: passwordSetting.prepare,
    setPassword: passwordSetting.set,
  }),
  routes: ({ auth, me, devices }) => ({
    public: [authRoutes(auth)],
    signedIn: [signOutRoute(auth), meRoutes(me), devicesRoutes(devices), avatarRoutes(me)],
  }),
  life: ({ sessions, stopEndingStreams }) => ({
    onClose: async () => {
      stopEndingStreams();
      await sessions.close();
    },
  }),
});
