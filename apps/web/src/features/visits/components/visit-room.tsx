import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Visit } from '@tend/shared';
import { Link } from 'react-router';
import { useVisitCall } from '../call/use-visit-call';
import { CallControls } from './call-controls';
import { CallStage } from './call-stage';
import { CallStatus } from './call-status';
import { useVisitsT } from '../i18n';
import { DeviceSelects } from './device-selects';

type Props = { visit: Visit; otherName: string; backTo: string };

/** The call itself, once the room is known to be open. */
export function VisitRoom({ visit, otherName, backTo }: Props) {
  const { t } = useVisitsT();
  const call = useVisitCall(visit);
  const { media } = call;

  if (media.status === 'starting') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('room.starting')}</Text>
      </Group>
    );
  }

  if (media.status === 'failed') {
    return (
      <Alert color="red" variant="light" title={t('room.noMedia')} role="alert">
        <Text size="sm" mb="sm">
          {media.message}
        </Text>
        <Button size="xs" variant="default" onClick={call.rejoin}>
          {t('room.tryAgain')}
        </Button>
      </Alert>
    );
  }

  if (media.status === 'stopped') {
    return (
      <Stack gap="md" align="flex-start">
        <CallStatus phase="ended" otherName={otherName} />
        {call.problem && (
          <Alert color="red" variant="light" role="alert" title={t('room.ended')}>
            {call.problem}
          </Alert>
        )}
        <Group gap="sm">
          {!call.problem && <Button onClick={call.rejoin}>{t('room.rejoin')}</Button>}
          <Button component={Link} to={backTo} variant="default">
            {t('page.back')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <CallStatus phase={call.phase} otherName={otherName} />
      {call.problem && (
        <Alert color="yellow" variant="light" role="alert">
          {call.problem}
        </Alert>
      )}
      <CallStage call={call} otherName={otherName} preview={media.preview} />
      <CallControls call={call} />
      <DeviceSelects call={call} />
    </Stack>
  );
}
