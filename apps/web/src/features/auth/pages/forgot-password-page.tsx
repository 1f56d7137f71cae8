import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { useAuthT } from '../i18n';

export function ForgotPasswordPage() {
  const { t } = useAuthT();
  const state = useLocation().state as { email?: unknown } | null;
  return (
    <AuthCard
      heading={t('forgot.heading')}
      intro={t('forgot.intro')}
      footer={
        <>
          {t('forgot.remembered')}{' '}
          <Anchor component={Link} to="/sign-in" fw={600} c="tend.8">
            {t('shared.signIn')}
          </Anchor>
        </>
      }
    >
      <ForgotPasswordForm initialEmail={typeof state?.email === 'string' ? state.email : ''} />
    </AuthCard>
  );
}
