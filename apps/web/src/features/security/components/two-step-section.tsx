import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { RecoveryCodesList } from '../../../components/recovery-codes-list';
import { SettingsSection } from '../../../components/settings-section';
import { useTwoStepStatus } from '../api/two-step-status';
import { TurnOffTwoStep } from './turn-off-two-step';
import { TurnOnTwoStep } from './turn-on-two-step';
import { RenewRecoveryCodes } from './renew-recovery-codes';
import { useSecurityT } from '../i18n';
import { LiveStatus } from '../../../components/live-status';

/** Two-step sign-in: turn it on (QR code, first code, recovery codes), new codes, turn it off. */
export function TwoStepSection() {
  const { t } = useSecurityT();
  const status = useTwoStepStatus();
  // Shown once, right after they were made; kept here so a refreshed status does not hide them.
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  // What the last change did, in words. Turning it off removes the form that was used, so focus
  // moves here (a live region) rather than to the top of the page.
  const [done, setDone] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const showCodes = (codes: string[]) => {
    setDone(null);
    setFreshCodes(codes);
  };
  const turnedOff = () => {
    setDone(t('twoStep.turnedOff'));
    statusRef.current?.focus();
  };

  return (
    <SettingsSection title={t('twoStep.title')} intro={t('twoStep.intro')}>
      <LiveStatus status={done} ref={statusRef} />
      {status.isPending && <Loader role="status" aria-label={t('twoStep.loading')} />}
      {status.isError && (
        <QueryError
          title={t('twoStep.loadError')}
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      )}
      {freshCodes && (
        <Stack gap="sm">
          <RecoveryCodesList codes={freshCodes} />
          <Button onClick={() => setFreshCodes(null)} style={{ alignSelf: 'flex-start' }}>
            {t('twoStep.savedCodes')}
          </Button>
        </Stack>
      )}
      {status.isSuccess && !freshCodes && !status.data.enabled && (
        <TurnOnTwoStep
          required={status.data.required}
          offSaid={done !== null}
          onEnabled={showCodes}
        />
      )}
      {status.isSuccess && !freshCodes && status.data.enabled && (
        <Stack gap="lg">
          <Alert
            color="tend"
            variant="light"
            icon={<IconShieldCheck aria-hidden />}
            title={t('twoStep.onTitle')}
          >
            {t('twoStep.codesLeft', { count: status.data.recoverycodesleft })}
            {status.data.required && ` ${t('twoStep.clinicRequires')}`}
          </Alert>
          <RenewRecoveryCodes onRenewed={showCodes} />
          {status.data.required ? (
            <Text size="sm" c="dimmed">
              {t('twoStep.cannotTurnOff')}
            </Text>
          ) : (
            <TurnOffTwoStep onTurnedOff={turnedOff} />
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
