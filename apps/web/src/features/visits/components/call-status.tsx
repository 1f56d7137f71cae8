import { Text } from '@mantine/core';
import type { CallPhase } from '../call/visit-call';

const words: Record<CallPhase, (name: string) => string> = {
  waiting: (name) => `Waiting for ${name} to join. They will appear here as soon as they do.`,
  connecting: (name) => `${name} is here. Connecting…`,
  connected: (name) => `You are connected with ${name}.`,
  reconnecting: (name) => `The connection to ${name} was interrupted. Reconnecting…`,
  left: (name) => `${name} left the visit. Stay to wait for them to come back, or hang up.`,
  ended: () => 'You left the visit.',
};

/** Where the call stands, read out as it changes. */
export function CallStatus({ phase, otherName }: { phase: CallPhase; otherName: string }) {
  return (
    <Text role="status" fw={600} data-phase={phase}>
      {words[phase](otherName)}
    </Text>
  );
}
