import { defineModule } from '../module.ts';
import { isEmailConfirmed } from './address-confirmation.ts';
import { createEmailChanges, type EmailChanges } from './email-change.ts';
import { emailChangeRoutes } from './email-change-routes.ts';
import { recoveryMeRoutes, recoveryPublicRoutes } from './routes.ts';
import { createRecovery, type Recovery } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** The link that confirms a new account's address, sent with its registration. */
    sendConfirmation: Recovery['sendConfirmation'];
    /** Tells an address's owner that someone tried to register with it. */
    noticeEmailTaken: Recovery['noticeEmailTaken'];
    /** Whether the person confirmed the address they have now (emails go only to those). */
    isEmailConfirmed: typeof isEmailConfirmed;
    /** Throws in words when this Tend sends no email, so no new address can be confirmed. */
    emailChangeSendable: EmailChanges['assertSendable'];
    requestEmailChange: EmailChanges['request'];
    pendingEmailChange: EmailChanges['pending'];
    cancelEmailChange: EmailChanges['cancel'];
  }
}

/** Forgotten passwords, address confirmation and new addresses, by emailed links (decisions 016, 020). */
export const recoveryModule = defineModule({
  name: 'recovery',
  needs: [
    'accountByEmail',
    'addressOf',
    'changeEmail',
    'isEmailTaken',
    'preparePassword',
    'setPassword',
  ],
  create({ db, jobs, outbox, counters, config, clock }, needs) {
    const accounts = {
      findByEmail: needs.accountByEmail,
      addressOf: needs.addressOf,
      changeEmail: needs.changeEmail,
      isEmailTaken: needs.isEmailTaken,
      preparePassword: needs.preparePassword,
      setPassword: needs.setPassword,
    };
    const { publicUrl } = config;
    return {
      recovery: createRecovery({ db, jobs, outbox, counters, publicUrl, accounts, clock }),
      // A new address takes effect when the link sent to it is opened (docs/decisions/020).
      emailChanges: createEmailChanges({ db, outbox, publicUrl, accounts, clock }),
    };
  },
  provides: ({ recovery, emailChanges }) => ({
    sendConfirmation: recovery.sendConfirmation,
    noticeEmailTaken: recovery.noticeEmailTaken.bind(recovery),
    isEmailConfirmed,
    emailChangeSendable: () => emailChanges.assertSendable(),
    requestEmailChange: emailChanges.request.bind(emailChanges),
    pendingEmailChange: emailChanges.pending,
    cancelEmailChange: emailChanges.cancel.bind(emailChanges),
  }),
  routes: ({ recovery, emailChanges }) => ({
    public: [recoveryPublicRoutes(recovery), emailChangeRoutes(emailChanges)],
    signedIn: [recoveryMeRoutes(recovery)],
  }),
});
