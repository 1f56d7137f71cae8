import { deviceSessionsSchema, type DeviceSessions } from '@tend/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { securityKeys } from './keys';

/** GET /api/v1/me/sessions: my signed-in devices, newest first. */
function fetchDeviceSessions(cursor: string | null, signal?: AbortSignal): Promise<DeviceSessions> {
  return apiRequest(listPath('/me/sessions', cursor), { schema: deviceSessionsSchema, signal });
}

export function useDeviceSessions() {
  return useInfiniteQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ pageParam, signal }) => fetchDeviceSessions(pageParam, signal),
    ...cursorPaging,
  });
}

/** DELETE /api/v1/me/sessions/{id}: that device is signed out at once. */
export function useEndDeviceSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** DELETE /api/v1/me/sessions: every device, this one included, is signed out at once. */
export function useEndAllDeviceSessions() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('/me/sessions', { method: 'DELETE' });
    },
  });
}
