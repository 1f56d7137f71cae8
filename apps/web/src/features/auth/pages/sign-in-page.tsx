import { Anchor, Center, Loader } from '@mantine/core';
import type { TwoStepChallenge, UserType } from '@tend/shared';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { safeNextPath } from '../../../lib/next-path';
import { areaPath, useUserType } from '../../../lib/session';
import { AuthCard, FooterLink } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { TwoStepForm } from '../components/two-step-form';
import { useAuthT } from '../i18n';

// Only someone whose clinic requires two-step sign-in and who has not set it up yet sees this step:
// its code and styles (the QR code, the recovery codes) load when it is shown, not with /sign-in.
const TwoStepSetupStep = lazy(() =>
  import('../components/two-step-setup-step').then((module) => ({
    default: module.TwoStepSetupStep,
  })),
);

type SignInState = { email?: unknown } | null;

// SPEC §4: doctors to /doctor, everyone else to /patient; the page of their own area named by
// `?next=` (a link from an email, a bookmark, a page whose session ended) is honoured, and only
// such a page: never an address elsewhere (decision 023).
function destination(userType: UserType, search: string): string {
  const next = new URLSearchParams(search).get('next');
  return safeNextPath(next, userType) ?? areaPath(userType);
}

export function SignInPage() {
  const { t } = useAuthT();
  const userType = useUserType();
  const location = useLocation();
  const state = location.state as SignInState;
  // After a right password, when two-step sign-in asks for more (docs/decisions/021).
  const [secondStep, setSecondStep] = useState<TwoStepChallenge | null>(null);
  // The email typed before the second step, which going back to the form keeps (then it has focus).
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const toSecondStep = (challenge: TwoStepChallenge, email: string) => {
    setTypedEmail(email);
    setSecondStep(challenge);
  };
  const restart = () => setSecondStep(null);

  // Already signed in (or just now): this page has nothing to do.
  if (userType) return <Navigate to={destination(userType, location.search)} replace />;

  if (secondStep) {
    const setup = secondStep.twostep === 'setup_required';
    return (
      <AuthCard
        heading={setup ? t('signIn.setupHeading') : t('signIn.twoStepHeading')}
        intro={setup ? t('signIn.setupIntro') : t('signIn.twoStepIntro')}
        footer={
          <Anchor component="button" type="button" onClick={restart} fw={600} c="tend.8">
            {t('signIn.someoneElse')}
          </Anchor>
        }
      >
        {setup ? (
          <Suspense
            fallback={
              <Center py="md">
                <Loader aria-label={t('signIn.loadingSetup')} />
              </Center>
            }
          >
            <TwoStepSetupStep challenge={secondStep.challenge} onRestart={restart} />
          </Suspense>
        ) : (
          <TwoStepForm challenge={secondStep.challenge} onRestart={restart} />
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading={t('shared.signIn')}
      intro={t('signIn.intro')}
      footer={<FooterLink lead={t('signIn.newToTend')} to="/sign-up" label={t('signIn.signUp')} />}
    >
      <SignInForm
        initialEmail={typedEmail ?? (typeof state?.email === 'string' ? state.email : '')}
        focusEmail={typedEmail !== null}
        onSecondStep={toSecondStep}
      />
    </AuthCard>
  );
}
