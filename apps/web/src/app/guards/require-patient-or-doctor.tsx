import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useUserType } from '../../lib/session';
import { RequireUserType } from './require-user-type';

/**
 * For pages of both the patient's and the doctor's areas (a video visit): either of them; the
 * signed-out go to /sign-in and back, a pharmacy to its own area (it has no visits).
 */
export function RequirePatientOrDoctor({ children }: { children: ReactNode }) {
  const stored = useUserType();
  if (stored === 'pharmacy') return <Navigate to="/pharmacy" replace />;
  // Without a session the user-type guard redirects whatever type it is given.
  return <RequireUserType userType={stored ?? 'patient'}>{children}</RequireUserType>;
}
