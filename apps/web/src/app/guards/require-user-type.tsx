import type { UserType } from '@tend/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { noticeState } from '../../lib/notice';
import { getSessionEnd, useUserType } from '../../lib/session';

type Props = { userType: UserType; children: ReactNode };

/**
 * SPEC §6: no stored user type → /sign-in; a signed-in person of the other type → /. It reacts to
 * the session store, so when a session ends on this page (sign-out, account deleted, refresh
 * refused) this is what moves the person on, to where that ending said, with its message.
 * The server checks every request on its own; this only keeps people out of screens that would fail.
 */
export function RequireUserType({ userType, children }: Props) {
  const stored = useUserType();
  const location = useLocation();

  if (!stored) {
    const end = getSessionEnd();
    return (
      <Navigate
        to={end?.redirectTo ?? '/sign-in'}
        replace
        state={end?.notice ? noticeState(end.notice) : { from: location.pathname }}
      />
    );
  }
  if (stored !== userType) return <Navigate to="/" replace />;
  return children;
}
