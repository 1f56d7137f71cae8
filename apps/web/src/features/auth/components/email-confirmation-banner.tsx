import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans } from 'react-i18next';
import { useEmailStatus, useResendConfirmation } from '../api/email-status';
import { useAuthT } from '../i18n';

/**
 * A gentle reminder in the signed-in areas until the person confirms their address (reminder emails
 * go only to confirmed ones). Not shown when this Tend sends no email: then there is nothing to do.
 * It is a labelled region, not an alert: it is news only the first time, not on every page.
 */
export function EmailConfirmationBanner() {
  const { t } = useAuthT();
  const status = useEmailStatus();
  const resend = useResendConfirmation();

  if (!status.data || status.data.confirmed || !status.data.sendable) return null;

  return (
    <Alert
      role="region"
      aria-label={t('banner.label')}
      color="blue"
      variant="light"
      mb="lg"
      // Long addresses break anywhere rather than run off a phone's screen.
      style={{ overflowWrap: 'anywhere' }}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          <Trans
            t={t}
            i18nKey="banner.text"
            values={{ email: status.data.email }}
            components={{ b: <strong /> }}
          />
        </Text>
        <Button
          size="xs"
          variant="white"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          disabled={resend.isSuccess}
        >
          {t('banner.resend')}
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
