import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CaregiverArea, Caregiving } from '@tend/shared';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert';
import { useChangeCaregiver } from '../api/caregiver-changes';
import { useCaregiversT } from '../i18n';
import { AreaFields, DelayField, delayInRange } from './area-fields';
import { caregiverName, dayOf } from './person-words';

const sameAreas = (a: readonly CaregiverArea[], b: readonly CaregiverArea[]) =>
  a.length === b.length && a.every((area) => b.includes(area));

/**
 * One of the patient's caregivers (or an open invitation): who, since when, what they may see and
 * do — changed right here and saved with one button — and Remove.
 */
export function CaregiverCard({
  caregiving,
  timeZone,
  onRemove,
  onSaved,
}: {
  caregiving: Caregiving;
  timeZone: string;
  onRemove: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useCaregiversT();
  const change = useChangeCaregiver();
  const name = caregiverName(caregiving);
  const [areas, setAreas] = useState<readonly CaregiverArea[]>(caregiving.areas);
  const [delay, setDelay] = useState(caregiving.alerts.delayminutes);
  const changed = !sameAreas(areas, caregiving.areas) || delay !== caregiving.alerts.delayminutes;
  const invited = caregiving.status === 'invited';

  const save = () => {
    if (!delayInRange(delay)) return;
    change.mutate(
      { id: caregiving._id, areas: [...areas], alerts: { delayminutes: delay } },
      { onSuccess: () => onSaved(t('mine.saved', { name })) },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {caregiving.caregiver && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {caregiving.email}
              </Text>
            )}
            <Text size="sm">
              {invited && caregiving.expiresAt
                ? t('mine.invitedUntil', { date: dayOf(caregiving.expiresAt, timeZone) })
                : t('mine.since', {
                    date: dayOf(caregiving.acceptedAt ?? caregiving.createdAt, timeZone),
                  })}
            </Text>
          </Stack>
          <Badge
            variant="light"
            color={invited ? 'gray' : 'tend'}
            c={invited ? 'gray.8' : 'tend.9'}
          >
            {invited ? t('mine.invited') : t('mine.active')}
          </Badge>
        </Group>
        <AreaFields value={areas} onChange={setAreas} disabled={change.isPending} />
        {/* Whether they want the alerts is the caregiver's to say; the patient sets the delay. */}
        <Text size="sm">
          {caregiving.alerts.misseddoses
            ? t('alerts.summaryOn', { count: caregiving.alerts.delayminutes })
            : t('alerts.summaryOff')}
        </Text>
        <DelayField value={delay} onChange={setDelay} disabled={change.isPending} />
        <FailureAlert
          title={t('mine.notSaved')}
          message={change.isError ? change.error.message : null}
        />
        <Group gap="sm" justify="flex-end">
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconUserMinus size={18} aria-hidden />}
            aria-label={t('mine.removeLabel', { name })}
            onClick={onRemove}
          >
            {t('mine.remove')}
          </Button>
          <Button
            disabled={!changed}
            loading={change.isPending}
            aria-label={t('mine.saveLabel', { name })}
            onClick={save}
          >
            {t('mine.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
