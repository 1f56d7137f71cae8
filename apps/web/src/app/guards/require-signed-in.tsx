import type { ReactNode } from 'react';
import { useUserType } from '../../lib/session';
import { RequireUserType } from './require-user-type';

/** For pages of both areas (a video visit): anyone signed in; the signed-out go to /sign-in and back. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const stored = useUserType();
  // Without a session the user-type guard redirects whatever type it is given.
  return <RequireUserType userType={stored ?? 'patient'}>{children}</RequireUserType>;
}
