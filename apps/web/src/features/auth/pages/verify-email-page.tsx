import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { areaPath, useUserType } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { LinkProblem } from '../components/link-problem';

/** Opened from the confirmation email: confirms at once, then says so in words. */
export function VerifyEmailPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const userType = useUserType();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const onwards = userType ? (
    <Button component={Link} to={areaPath(userType)} size="md">
      Go to Tend
    </Button>
  ) : (
    <Button component={Link} to="/sign-in" size="md">
      Sign in
    </Button>
  );

  let body;
  if (!token) {
    body = (
      <LinkProblem title="This link is incomplete">
        Open the link from the email again, exactly as it is.
      </LinkProblem>
    );
  } else if (verify.isSuccess) {
    body = (
      <Stack gap="md">
        <Alert color="tend" variant="light" title="Thank you" role="status">
          Your email address {verify.data.email} is confirmed.
        </Alert>
        {onwards}
      </Stack>
    );
  } else if (verify.isError) {
    body = (
      <Stack gap="md">
        <LinkProblem title="We could not confirm your address">{verify.error.message}</LinkProblem>
        <Text size="sm">
          Signed in to Tend? Choose “Email me a new link” in the reminder at the top of your pages
          for a new link.
        </Text>
        {onwards}
      </Stack>
    );
  } else {
    body = (
      <Stack align="center" gap="sm" py="md">
        <Loader aria-label="Confirming your email address" />
        <Text>Confirming your email address…</Text>
      </Stack>
    );
  }

  return (
    <AuthCard
      heading="Confirm your email address"
      intro="So Tend can send you reminders and help you back in if you forget your password."
      footer={
        <>
          Need help?{' '}
          <Anchor component={Link} to="/" fw={600} c="tend.8">
            Back to Tend
          </Anchor>
        </>
      }
    >
      {body}
    </AuthCard>
  );
}
