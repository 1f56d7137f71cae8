import type { UserType } from '@tend/shared';
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { RouteLoading } from '../../components/route-loading';
import { signInPathFor } from '../../lib/next-path';
import { noticeState } from '../../lib/notice';
import { areaPath, getSessionEnd, useRestoring, useUserType } from '../../lib/session';

type Props = { userType: UserType; children: ReactNode };

/**
 * SPEC §6, with sessions shared by every tab (decision 023): a tab still asking for its token with
 * the refresh cookie waits; then no session → /sign-in, naming this page to come back to; a
 * signed-in person of another type → their own area (a patient opening /pharmacy lands on
 * /patient). It reacts to the session store, so when a session ends
 * on this page (sign-out here or in another tab, account deleted, refresh refused) this is what
 * moves the person on, to where that ending said, with its message. The server checks every
 * request on its own; this only keeps people out of screens that would fail.
 */
export function RequireUserType({ userType, children }: Props) {
  const stored = useUserType();
  const restoring = useRestoring();
  const location = useLocation();
  // A session that has just arrived (a restore's answer, a sign-in in another tab) draws the page
  // in the background, in slices, rather than in one long task (decision 024); leaving is at once.
  const arrived = useDeferredValue(stored);

  if (!stored) {
    if (restoring) return <RouteLoading />;
    const end = getSessionEnd();
    const to =
      end?.redirectTo === '/' ? '/' : signInPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace state={end?.notice ? noticeState(end.notice) : undefined} />;
  }
  if (stored !== userType) return <Navigate to={areaPath(stored)} replace />;
  if (arrived !== stored) return <RouteLoading />;
  return children;
}
