import { Button, Stack, Text } from '@mantine/core';
import { newPasswordSchema } from '@tend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { FailureAlert } from '../../../components/failure-alert';
import { NewPasswordField } from '../../../components/new-password-field';
import { PasswordField } from '../../../components/password-field';
import { noticeState } from '../../../lib/notice';
import { areaPath } from '../../../lib/session';
import { startSessionRefresh, storeSession } from '../../../lib/session-refresh';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  useOwnSignInInvitation,
  useTakeOwnSignIn,
  type OwnSignInOutcome,
} from '../api/own-sign-in';
import { AuthCard, FooterLink } from '../components/auth-card';
import { LinkProblem } from '../components/link-problem';
import { confirmationError, NO_NEW_PASSWORD } from '../components/reset-password-form';
import { useAuthT } from '../i18n';

const passwordOnly = z.strictObject({ newPassword: newPasswordSchema });

/**
 * Opened from the email a dependent receives (docs/decisions/051): who looks after them sends them
 * a sign-in of their own; they choose a password and sign in with the invited address. The secret
 * travels after #, so it never reaches a server log.
 */
export function OwnSignInPage() {
  const { t } = useAuthT();
  const location = useLocation();
  const id = new URLSearchParams(location.search).get('invitation') ?? '';
  const token = location.hash.replace(/^#/, '');
  const invitation = useOwnSignInInvitation(id, token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const done = ({ email, session }: OwnSignInOutcome) => {
    if (!session) {
      void navigate('/sign-in', {
        state: { ...noticeState({ tone: 'success', message: t('ownSignIn.setSignIn') }), email },
      });
      return;
    }
    queryClient.clear();
    storeSession(session);
    startSessionRefresh();
    void navigate(areaPath(session.userType), {
      replace: true,
      state: noticeState({ tone: 'success', message: t('ownSignIn.setSignedIn') }),
    });
  };

  const problem =
    id === '' || token === ''
      ? t('shared.linkIncomplete')
      : invitation.error
        ? invitation.error.message
        : null;
  const data = invitation.data;
  return (
    <AuthCard
      heading={t('ownSignIn.heading')}
      intro={t('ownSignIn.intro')}
      footer={
        <FooterLink lead={t('ownSignIn.haveOne')} to="/sign-in" label={t('ownSignIn.signIn')} />
      }
    >
      {problem ? (
        <LinkProblem title={t('reset.linkBroken')}>
          {problem} {t('ownSignIn.askAgain')}
        </LinkProblem>
      ) : !data ? (
        <Text role="status">{t('ownSignIn.loading')}</Text>
      ) : (
        <Stack gap="md">
          <Text>
            {t('ownSignIn.from', {
              carer: `${data.invitedBy.firstname} ${data.invitedBy.lastname}`,
              name: `${data.dependent.firstname} ${data.dependent.lastname}`,
              email: data.email,
            })}
          </Text>
          <OwnSignInForm id={id} token={token} onDone={done} />
        </Stack>
      )}
    </AuthCard>
  );
}

function OwnSignInForm(props: {
  id: string;
  token: string;
  onDone: (outcome: OwnSignInOutcome) => void;
}) {
  const { t } = useAuthT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(NO_NEW_PASSWORD, formRef);
  const take = useTakeOwnSignIn(props.id, props.token);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { newPassword: form.values.newPassword };
    const body = form.validate(passwordOnly, input, confirmationError(form.values));
    if (!body) return take.reset();
    take.mutate(body.newPassword, { onSuccess: props.onDone, onError: form.showRequestError });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FailureAlert title={t('ownSignIn.failure')} message={form.alertFor(take.error)} />
        <NewPasswordField label={t('ownSignIn.password')} {...form.field('newPassword')} />
        <PasswordField
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Button type="submit" size="md" loading={take.isPending} mt="xs">
          {t('ownSignIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
