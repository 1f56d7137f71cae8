import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { noticeState } from '../../../lib/notice';
import { areaPath } from '../../../lib/session';
import { startSessionRefresh, storeSession } from '../../../lib/session-refresh';
import type { ResetOutcome } from '../api/confirm-password-reset';
import { AuthCard, FooterLink } from '../components/auth-card';
import { LinkProblem } from '../components/link-problem';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useAuthT } from '../i18n';

/** Opened from the emailed link; the token travels after #, so it never reaches a server log. */
export function ResetPasswordPage() {
  const { t } = useAuthT();
  const token = useLocation().hash.replace(/^#/, '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const done = ({ email, session }: ResetOutcome) => {
    if (!session) {
      void navigate('/sign-in', {
        state: {
          ...noticeState({
            tone: 'success',
            message: t('reset.setSignIn'),
          }),
          email,
        },
      });
      return;
    }
    // Nothing cached for whoever used this tab before may show for this person.
    queryClient.clear();
    storeSession(session);
    startSessionRefresh();
    void navigate(areaPath(session.userType), {
      replace: true,
      state: noticeState({
        tone: 'success',
        message: t('reset.setSignedIn'),
      }),
    });
  };

  return (
    <AuthCard
      heading={t('reset.heading')}
      intro={t('reset.intro')}
      footer={
        <FooterLink
          lead={t('reset.notWorking')}
          to="/forgot-password"
          label={t('reset.askNewOne')}
        />
      }
    >
      {token ? (
        <ResetPasswordForm token={token} onDone={done} />
      ) : (
        <LinkProblem title={t('shared.linkIncomplete')}>{t('reset.incomplete')}</LinkProblem>
      )}
    </AuthCard>
  );
}
