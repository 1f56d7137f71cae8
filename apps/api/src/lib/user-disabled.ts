import { AppError } from './app-error.ts';

/**
 * The refusal of a disabled account, wherever it tries to get in: a session, a sign-in, or a link
 * emailed to it (recovery), which reads the account's state with the link.
 */
export function userDisabledError() {
  return new AppError(
    403,
    'user_disabled',
    'This account has been disabled. Please contact your clinic.',
  );
}
