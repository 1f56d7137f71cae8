import { deviceSessionsSchema } from '@tend/shared';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pagedQuery, sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { securityKeys } from './keys';

/** GET /api/v1/me/sessions: my signed-in devices, newest first. */
export const useDeviceSessions = () =>
  useInfiniteQuery(pagedQuery(securityKeys.sessions, '/me/sessions', deviceSessionsSchema));

/** DELETE /api/v1/me/sessions/{id}: that device is signed out at once. */
async function endDeviceSession(id: string): Promise<void> {
  await apiRequest(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useEndDeviceSession = () =>
  useRefreshingMutation(endDeviceSession, [securityKeys.sessions]);

/** DELETE /api/v1/me/sessions: every device, this one included, is signed out at once. */
const endAllDeviceSessions = sendTo<void>('DELETE', '/me/sessions');

export const useEndAllDeviceSessions = () => useMutation({ mutationFn: endAllDeviceSessions });
