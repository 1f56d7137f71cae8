import { emailStatusSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';

// The same key as the confirmation banner's (auth feature), so both read one cached answer.
const EMAIL_STATUS_KEY = ['email-status'] as const;

/** GET /api/v1/me/email-status: is my address confirmed, and does this Tend send email at all. */
export const useEmailStatus = () =>
  useQuery(getQuery(EMAIL_STATUS_KEY, '/me/email-status', emailStatusSchema));
