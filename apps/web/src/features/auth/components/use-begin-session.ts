import type { SessionResponse } from '@tend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { startSessionRefresh, storeSession } from '../../../lib/session-refresh';

/** Keeps a new session in this tab; the sign-in page, which follows the session, moves on. */
export function useBeginSession() {
  const queryClient = useQueryClient();
  return (session: SessionResponse) => {
    // Nothing cached for whoever used this tab before may show for this person.
    queryClient.clear();
    storeSession(session);
    startSessionRefresh();
  };
}
