import { ApiRequestError, apiRequest } from './api-client';
import { signedOutLocallyNotice, type Notice } from './notice';
import { getUserToken } from './session';

/**
 * Ends this session on the server (POST /auth/sign-out). Resolves with a notice to show when that
 * could not be confirmed, or null. The caller forgets the session locally either way.
 */
export async function endServerSession(): Promise<Notice | null> {
  if (!getUserToken()) return null;
  try {
    await apiRequest('/auth/sign-out', { method: 'POST' });
    return null;
  } catch (error) {
    // A 401 means the server no longer knows this session: it is already ended.
    if (error instanceof ApiRequestError && error.status === 401) return null;
    return signedOutLocallyNotice();
  }
}
