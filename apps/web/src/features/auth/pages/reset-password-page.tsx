import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { noticeState } from '../../../lib/notice';
import { areaPath } from '../../../lib/session';
import { startSessionRefresh, storeSession } from '../../../lib/session-refresh';
import type { ResetOutcome } from '../api/confirm-password-reset';
import { AuthCard } from '../components/auth-card';
import { LinkProblem } from '../components/link-problem';
import { ResetPasswordForm } from '../components/reset-password-form';

/** Opened from the emailed link; the token travels after #, so it never reaches a server log. */
export function ResetPasswordPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const done = ({ email, session }: ResetOutcome) => {
    if (!session) {
      void navigate('/sign-in', {
        state: {
          ...noticeState({
            tone: 'success',
            message: 'Your new password is set. Sign in with it.',
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
        message: 'Your new password is set. You are signed in here and signed out everywhere else.',
      }),
    });
  };

  return (
    <AuthCard
      heading="Choose a new password"
      intro="Your new password replaces the old one and signs you out on every other device."
      footer={
        <>
          Link not working?{' '}
          <Anchor component={Link} to="/forgot-password" fw={600} c="tend.8">
            Ask for a new one
          </Anchor>
        </>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} onDone={done} />
      ) : (
        <LinkProblem title="This link is incomplete">
          Open the link from the email again, exactly as it is, or ask for a new one.
        </LinkProblem>
      )}
    </AuthCard>
  );
}
