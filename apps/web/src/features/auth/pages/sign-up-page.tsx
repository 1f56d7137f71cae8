import { Navigate, useNavigate } from 'react-router';
import { noticeState } from '../../../lib/notice';
import { areaPath, useUserType } from '../../../lib/session';
import { AuthCard, FooterLink } from '../components/auth-card';
import { SignUpForm } from '../components/sign-up-form';
import { useAuthT } from '../i18n';

export function SignUpPage() {
  const { t } = useAuthT();
  const userType = useUserType();
  const navigate = useNavigate();

  if (userType) return <Navigate to={areaPath(userType)} replace />;

  return (
    <AuthCard
      heading={t('signUp.heading')}
      intro={t('signUp.intro')}
      footer={
        <FooterLink lead={t('signUp.haveAccount')} to="/sign-in" label={t('shared.signIn')} />
      }
    >
      <SignUpForm
        onRegistered={(email) =>
          void navigate('/sign-in', {
            state: {
              ...noticeState({
                tone: 'success',
                message: t('signUp.ready'),
              }),
              email,
            },
          })
        }
      />
    </AuthCard>
  );
}
