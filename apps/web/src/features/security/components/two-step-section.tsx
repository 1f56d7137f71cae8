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

/** Two-step sign-in: turn it on (QR code, first code, recovery codes), new codes, turn it off. */
export function TwoStepSection() {
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
    setDone('Two-step sign-in is off. Your password alone signs you in from now on.');
    statusRef.current?.focus();
  };

  return (
    <SettingsSection
      title="Two-step sign-in"
      intro="Besides your password, Tend asks for a code from an app on your phone when you sign in, so a stolen password alone is not enough."
    >
      <div role="status" ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {done && (
          <Text fw={600} c="tend.9">
            {done}
          </Text>
        )}
      </div>
      {status.isPending && <Loader role="status" aria-label="Loading two-step sign-in" />}
      {status.isError && (
        <QueryError
          title="We could not load your two-step sign-in"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      )}
      {freshCodes && (
        <Stack gap="sm">
          <RecoveryCodesList codes={freshCodes} />
          <Button onClick={() => setFreshCodes(null)} style={{ alignSelf: 'flex-start' }}>
            I have saved my codes
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
            title="Two-step sign-in is on"
          >
            {`You have ${status.data.recoverycodesleft} unused recovery code${status.data.recoverycodesleft === 1 ? '' : 's'}.`}
            {status.data.required && ' Your clinic requires two-step sign-in for your account.'}
          </Alert>
          <RenewRecoveryCodes onRenewed={showCodes} />
          {status.data.required ? (
            <Text size="sm" c="dimmed">
              Because your clinic requires it, two-step sign-in cannot be turned off.
            </Text>
          ) : (
            <TurnOffTwoStep onTurnedOff={turnedOff} />
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
