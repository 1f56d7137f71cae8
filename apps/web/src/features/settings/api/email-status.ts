import { emailStatusSchema, type EmailStatus } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The same key as the confirmation banner's (auth feature), so both read one cached answer.
const EMAIL_STATUS_KEY = ['email-status'] as const;

/** GET /api/v1/me/email-status: is my address confirmed, and does this Tend send email at all. */
export function fetchEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  return apiRequest('/me/email-status', { schema: emailStatusSchema, signal });
}

export function useEmailStatus() {
  return useQuery({
    queryKey: EMAIL_STATUS_KEY,
    queryFn: ({ signal }) => fetchEmailStatus(signal),
  });
}
