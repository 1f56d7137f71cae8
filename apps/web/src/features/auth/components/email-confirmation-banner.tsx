import { Alert, Button, Group, Text } from '@mantine/core';
import { useEmailStatus, useResendConfirmation } from '../api/email-status';

/**
 * A gentle reminder in the signed-in areas until the person confirms their address (reminder emails
 * go only to confirmed ones). Not shown when this Tend sends no email: then there is nothing to do.
 * It is a labelled region, not an alert: it is news only the first time, not on every page.
 */
export function EmailConfirmationBanner() {
  const status = useEmailStatus();
  const resend = useResendConfirmation();

  if (!status.data || status.data.confirmed || !status.data.sendable) return null;

  return (
    <Alert
      role="region"
      aria-label="Confirm your email address"
      color="blue"
      variant="light"
      mb="lg"
      // Long addresses break anywhere rather than run off a phone's screen.
      style={{ overflowWrap: 'anywhere' }}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          Please confirm your email address, <strong>{status.data.email}</strong>, with the link we
          sent you. Until then Tend sends no reminders by email.
        </Text>
        <Button
          size="xs"
          variant="white"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          disabled={resend.isSuccess}
        >
          Email me a new link
        </Button>
      </Group>
      {/* Only once asked: an empty live region would sit on every page of the area. */}
      {(resend.isPending || resend.isSuccess) && (
        <div role="status">
          {resend.isSuccess && (
            <Text size="sm" mt="xs" fw={600}>
              {resend.data}
            </Text>
          )}
        </div>
      )}
      {resend.isError && (
        <Text size="sm" mt="xs" c="red.9" role="alert">
          {resend.error.message}
        </Text>
      )}
    </Alert>
  );
}
