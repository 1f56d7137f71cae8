import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { areaPath, useUserType } from '../../../lib/session';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { EmailedLinkPage } from '../components/emailed-link-page';
import { LinkProblem } from '../components/link-problem';

/** Opened from the email sent to a new address: moves the account there, then says so in words. */
export function ConfirmEmailPage() {
  const userType = useUserType();
  const onwards = userType ? (
    <Button component={Link} to={`${areaPath(userType)}/profile-settings`} size="md">
      Back to your profile
    </Button>
  ) : (
    <Button component={Link} to="/sign-in" size="md">
      Sign in
    </Button>
  );

  return (
    <EmailedLinkPage
      heading="Confirm your new email address"
      intro="Your Tend account moves to the address this link was sent to."
      mutation={useConfirmEmailChange()}
      working="Changing your email address"
      done={(data) => (
        <Stack gap="md">
          <Alert
            color="tend"
            variant="light"
            title="Your email is changed"
            role="status"
            // An address is one long word: it wraps rather than run off a phone screen.
            style={{ overflowWrap: 'anywhere' }}
          >
            {data.message}
          </Alert>
          {onwards}
        </Stack>
      )}
      failed={(error) => (
        <Stack gap="md">
          <LinkProblem title="Your email was not changed">{error.message}</LinkProblem>
          <Text size="sm">
            To try again, enter the new address in your profile settings: we will send a new link.
          </Text>
          {onwards}
        </Stack>
      )}
    />
  );
}
