import { caregivingSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { caregiverKeys } from './keys';

/**
 * POST /api/v1/caregiver-invitations/{id}/look {token}: the invitation an emailed link names, read
 * before its reader is signed in (who invites, for which areas). 404 for a wrong link, 410 lapsed.
 */
export function useInvitationByLink(id: string, token: string) {
  return useQuery({
    queryKey: caregiverKeys.invitation(id),
    queryFn: ({ signal }) =>
      apiRequest(`/caregiver-invitations/${encodeURIComponent(id)}/look`, {
        method: 'POST',
        body: { token },
        schema: caregivingSchema,
        signal,
      }),
    enabled: id !== '' && token !== '',
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });
}
