import { useMutation } from '@tanstack/react-query';
import { visitSchema, type Visit } from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';
import { appointmentPath } from './keys';

/**
 * GET /api/v1/appointments/{id}/visit: the video room of an accepted online visit while it is open
 * (the server makes it on the first call). A mutation, not a query: it runs on the Join click, and
 * a closed room's 409 says in words when it opens.
 */
export function openVisit(id: string): Promise<Visit> {
  return apiRequest(`${appointmentPath(id)}/visit`, { schema: visitSchema });
}

export function useOpenVisit() {
  return useMutation({ mutationFn: (id: string) => openVisit(id) });
}
