import { Anchor, Button, Stack } from '@mantine/core';
import { signInRequestSchema, type TwoStepChallenge } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSignIn } from '../api/sign-in';
import { DisabledUntilHydrated } from '../../../components/disabled-until-hydrated';
import { PasswordField } from '../../../components/password-field';
import { useAuthT } from '../i18n';
import { useBeginSession } from './use-begin-session';
import { FailureAlert } from '../../../components/failure-alert';
import { EmailField } from '../../../components/email-field';

/**
 * Email and password (SPEC §2). On success the session is stored; the page, which follows the
 * session, then takes the person to their area. With two-step sign-in, the page shows the second
 * step instead (onSecondStep).
 */
export function SignInForm({
  initialEmail = '',
  focusEmail = false,
  onSecondStep,
}: {
  initialEmail?: string;
  /** Back from the second step: the control that was used is gone, so focus starts here. */
  focusEmail?: boolean;
  /** A right password, and a second step to take: with the email typed, to keep. */
  onSecondStep: (challenge: TwoStepChallenge, email: string) => void;
}) {
  const { t } = useAuthT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ email: initialEmail, password: '' }, formRef);
  const beginSession = useBeginSession();
  const signIn = useSignIn();
  const alert = form.alertFor(signIn.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(signInRequestSchema, form.values);
    if (!body) return signIn.reset();
    signIn.mutate(body, {
      onSuccess: (answer) => {
        if ('twostep' in answer) onSecondStep(answer, form.values.email);
        else beginSession(answer);
      },
      onError: form.showRequestError,
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      {/* /sign-in is prerendered: nothing can be typed or sent until React runs the form. */}
      <DisabledUntilHydrated>
        <Stack gap="md">
          <FailureAlert title={t('shared.cannotSignIn')} message={alert} />
          <EmailField
            label={t('shared.email')}
            // Only after the person chose to go back, never on a page just opened.
            autoFocus={focusEmail}
            {...form.field('email')}
          />
          <PasswordField
            label={t('shared.password')}
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <Anchor
            component={Link}
            to="/forgot-password"
            state={{ email: form.values.email }}
            size="sm"
            fw={600}
            c="tend.8"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('signIn.forgot')}
          </Anchor>
          <Button type="submit" size="md" loading={signIn.isPending} mt="xs">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </DisabledUntilHydrated>
    </form>
  );
}
