import { useLocation } from 'react-router';
import { AuthCard, FooterLink } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { useAuthT } from '../i18n';

export function ForgotPasswordPage() {
  const { t } = useAuthT();
  const state = useLocation().state as { email?: unknown } | null;
  return (
    <AuthCard
      heading={t('forgot.heading')}
      intro={t('forgot.intro')}
      footer={<FooterLink lead={t('forgot.remembered')} to="/sign-in" label={t('shared.signIn')} />}
    >
      <ForgotPasswordForm initialEmail={typeof state?.email === 'string' ? state.email : ''} />
    </AuthCard>
  );
}
