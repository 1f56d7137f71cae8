import { Anchor } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { Link, Navigate, useLocation } from 'react-router';
import { areaPath, useUserType } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';

type SignInState = { from?: unknown; email?: unknown } | null;

// SPEC §4: doctors to /doctor, everyone else to /patient; a page of their own area they were
// sent here from is honoured, so a bookmark still works after signing in.
function destination(userType: UserType, state: SignInState): string {
  const area = areaPath(userType);
  const from = typeof state?.from === 'string' ? state.from : '';
  return from === area || from.startsWith(`${area}/`) ? from : area;
}

export function SignInPage() {
  const userType = useUserType();
  const location = useLocation();
  const state = location.state as SignInState;

  // Already signed in (or just now): this page has nothing to do.
  if (userType) return <Navigate to={destination(userType, state)} replace />;

  return (
    <AuthCard
      heading="Sign in"
      intro="Welcome back to Tend."
      footer={
        <>
          New to Tend?{' '}
          <Anchor component={Link} to="/sign-up" fw={600} c="tend.8">
            Sign up
          </Anchor>
        </>
      }
    >
      <SignInForm initialEmail={typeof state?.email === 'string' ? state.email : ''} />
    </AuthCard>
  );
}
