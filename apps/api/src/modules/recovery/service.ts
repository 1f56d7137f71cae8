import { createAddressConfirmation } from './address-confirmation.ts';
import { createPasswordReset } from './password-reset.ts';
import { recoveryContext, type RecoveryOptions } from './recovery-context.ts';

export { isEmailConfirmed } from './address-confirmation.ts';
export type { RecoveryOptions } from './recovery-context.ts';

/**
 * Forgot password, address confirmation, and what registration with a taken address sends (issue 13,
 * docs/decisions/016). Tokens go in the link's #fragment, so they never reach a server log or a Referer.
 */
export function createRecovery(options: RecoveryOptions) {
  const context = recoveryContext(options);
  return {
    ...createPasswordReset(context),
    ...createAddressConfirmation(context),
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
