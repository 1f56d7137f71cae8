import { Alert, Anchor, CloseButton, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../../lib/me';
import { useTwoStepStatus } from '../api/two-step-status';
import { useSecurityT } from '../i18n';

const DISMISSED_KEY = 'tend:two-step-invite-dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === 'yes';
  } catch {
    return false;
  }
}

/**
 * Doctors hold their patients' data, pharmacies their prescriptions: they are invited (not made) to turn on two-step sign-in,
 * until they do or say "not now". A clinic that wants it of everyone sets REQUIRE_TWO_STEP.
 */
export function TwoStepInvite({ settingsPath }: { settingsPath: string }) {
  const { t } = useSecurityT();
  const [dismissed, setDismissed] = useState(wasDismissed);
  // Dismissed, the invitation costs no request.
  const status = useTwoStepStatus({ enabled: !dismissed });
  const pharmacy = useMe().data?.userType === 'pharmacy';
  if (dismissed || !status.isSuccess || status.data.enabled) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, 'yes');
    } catch {
      // Storage refused: the prompt goes for this visit only.
    }
    setDismissed(true);
  };

  return (
    // A standing suggestion, not news: a note (no live region, which would be announced on every
    // page load and taken for the answer to whatever the doctor just did).
    <Alert
      role="note"
      color="tend"
      variant="light"
      icon={<IconShieldLock aria-hidden />}
      title={pharmacy ? t('invite.titlePrescriptions') : t('invite.titleData')}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text size="sm">
          {t('invite.text')}{' '}
          <Anchor component={Link} to={settingsPath} fw={600} c="tend.8">
            {t('invite.link')}
          </Anchor>
        </Text>
        <CloseButton aria-label={t('invite.dismiss')} onClick={dismiss} />
      </Group>
    </Alert>
  );
}
