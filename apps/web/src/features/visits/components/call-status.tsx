import { Text } from '@mantine/core';
import type { CallPhase } from '../call/visit-call';
import { useVisitsT } from '../i18n';

/** Where the call stands, read out as it changes. */
export function CallStatus({ phase, otherName }: { phase: CallPhase; otherName: string }) {
  const { t } = useVisitsT();
  return (
    <Text role="status" fw={600} data-phase={phase}>
      {t(`status.${phase}`, { name: otherName })}
    </Text>
  );
}
