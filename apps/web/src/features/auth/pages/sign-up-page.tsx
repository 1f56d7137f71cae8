import { Anchor } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { noticeState } from '../../../lib/notice';
import { areaPath, useUserType } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { SignUpForm } from '../components/sign-up-form';

export function SignUpPage() {
  const userType = useUserType();
  const navigate = useNavigate();

  if (userType) return <Navigate to={areaPath(userType)} replace />;

  return (
    <AuthCard
      heading="Create your account"
      intro="For patients, doctors and pharmacies. It takes a minute."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/sign-in" fw={600} c="tend.8">
            Sign in
          </Anchor>
        </>
      }
    >
      <SignUpForm
        onRegistered={(email) =>
          void navigate('/sign-in', {
            state: {
              ...noticeState({
                tone: 'success',
                message: 'Your account is ready. Sign in to continue.',
              }),
              email,
            },
          })
        }
      />
    </AuthCard>
  );
}
