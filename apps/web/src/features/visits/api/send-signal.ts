import { API_PREFIX, type SignalRequest } from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';
import { getUserToken } from '../../../lib/session';

const signalPath = (roomId: string) => `/visits/${encodeURIComponent(roomId)}/signal`;

/** POST /api/v1/visits/{roomid}/signal: relayed to the other participant's event stream. */
export async function sendSignal(roomId: string, signal: SignalRequest): Promise<void> {
  await apiRequest(signalPath(roomId), { method: 'POST', body: signal });
}

/**
 * The goodbye sent while the tab closes: `keepalive` lets the request outlive the page, which
 * the ordinary client's renew-and-retry cannot promise, so a failure here is simply not retried
 * (the other side then sees the connection drop instead of a goodbye).
 */
export function sendByeOnExit(roomId: string): void {
  const token = getUserToken();
  if (!token) return;
  void fetch(`${API_PREFIX}${signalPath(roomId)}`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'bye', payload: null } satisfies SignalRequest),
  }).catch(() => undefined);
}
