import { Alert, Text } from '@mantine/core';
import { areaPath } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { EmailedLinkPage } from '../components/emailed-link-page';
import { LinkProblem } from '../components/link-problem';

/** Opened from the confirmation email: confirms at once, then says so in words. */
export function VerifyEmailPage() {
  return (
    <EmailedLinkPage
      heading="Confirm your email address"
      intro="So Tend can send you reminders and help you back in if you forget your password."
      mutation={useVerifyEmail()}
      working="Confirming your email address"
      done={(data) => (
        <Alert color="tend" variant="light" title="Thank you" role="status">
          Your email address {data.email} is confirmed.
        </Alert>
      )}
      failed={(error) => (
        <>
          <LinkProblem title="We could not confirm your address">{error.message}</LinkProblem>
          <Text size="sm">
            Signed in to Tend? Choose “Email me a new link” in the reminder at the top of your pages
            for a new link.
          </Text>
        </>
      )}
      onwards={{ label: 'Go to Tend', to: areaPath }}
    />
  );
}
