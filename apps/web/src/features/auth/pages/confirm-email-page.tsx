import { Alert, Text } from '@mantine/core';
import { areaPath } from '../../../lib/session';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { EmailedLinkPage } from '../components/emailed-link-page';
import { LinkProblem } from '../components/link-problem';

/** Opened from the email sent to a new address: moves the account there, then says so in words. */
export function ConfirmEmailPage() {
  return (
    <EmailedLinkPage
      heading="Confirm your new email address"
      intro="Your Tend account moves to the address this link was sent to."
      mutation={useConfirmEmailChange()}
      working="Changing your email address"
      done={(data) => (
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
      )}
      failed={(error) => (
        <>
          <LinkProblem title="Your email was not changed">{error.message}</LinkProblem>
          <Text size="sm">
            To try again, enter the new address in your profile settings: we will send a new link.
          </Text>
        </>
      )}
      onwards={{
        label: 'Back to your profile',
        to: (userType) => `${areaPath(userType)}/profile-settings`,
      }}
    />
  );
}
