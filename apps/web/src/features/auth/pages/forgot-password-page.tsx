import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  const state = useLocation().state as { email?: unknown } | null;
  return (
    <AuthCard
      heading="Forgot your password?"
      intro="Enter the email address of your Tend account. We will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/sign-in" fw={600} c="tend.8">
            Sign in
          </Anchor>
        </>
      }
    >
      <ForgotPasswordForm initialEmail={typeof state?.email === 'string' ? state.email : ''} />
    </AuthCard>
  );
}
