import { emailChangeDoneSchema, type EmailChangeDone } from '@tend/shared';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { ME_QUERY_KEY } from '../../../lib/me';
import { EMAIL_STATUS_KEY } from './email-status';

const postToken = sendTo<{ token: string }, EmailChangeDone>(
  'POST',
  '/auth/email-change/confirm',
  emailChangeDoneSchema,
);

/** POST /api/v1/auth/email-change/confirm: moves the account to the address the link was sent to. */
export const confirmEmailChange = (token: string) => postToken({ token });

// A signed-in tab shows the new address, and no longer a pending one.
export const useConfirmEmailChange = () =>
  useRefreshingMutation(confirmEmailChange, [ME_QUERY_KEY, EMAIL_STATUS_KEY]);
