import { Button, EmptyState, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import {
  MEASUREMENT_KINDS,
  type Measurement,
  type MeasurementKind,
  type UnitSystem,
} from '@tend/shared';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { StatusLine } from '../../../components/use-focused-status';
import { useMe } from '../../../lib/me';
import { useDeleteReading, useReadings } from '../api/readings';
import { useMeasurementsT, type MeasurementsT } from '../i18n';
import { kindInSentence, kindLabel, readingInWords, takenAtInWords } from './measurement-words';
import { useUnitSystem } from './use-unit-system';
import { QueryProgress } from '../../../components/query-progress';
import { PlainList } from '../../../components/plain-list';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  headingOrder?: 2 | 3;
};

/** "Weight 80 kg of Nov 2, 2026, 8:30 AM": a reading named in full. */
const describe = (t: MeasurementsT, m: Measurement, system: UnitSystem) =>
  t('readings.describe', {
    kind: kindLabel(t, m.kind),
    reading: readingInWords(t, m.kind, m.value, system),
    when: takenAtInWords(m.takenat),
  });

/** The readings, newest first, a page at a time; whoever recorded one may delete it. */
export function ReadingsList({ patientId, headingOrder = 2 }: Props) {
  const { t } = useMeasurementsT();
  const [kind, setKind] = useState<MeasurementKind | ''>('');
  const readings = useReadings(patientId, kind);
  const system = useUnitSystem();
  const me = useMe();
  const headingId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const remove = useDeleteReading();
  const deleting = useConfirmedAction<Measurement>(remove, statusRef, (m) =>
    t('readings.deleted', { reading: describe(t, m, system) }),
  );

  const recordedBy = (m: Measurement) => {
    if (!m.recordedby) return t('readings.byDeleted');
    if (m.recordedby._id === me.data?._id) return t('readings.byYou');
    const { firstname, lastname, userType } = m.recordedby;
    const name = `${firstname} ${lastname}`;
    return userType === 'doctor'
      ? t('readings.byDoctor', { name })
      : t('readings.byName', { name });
  };
  const filterOptions = [
    { value: '', label: t('readings.allKinds') },
    ...MEASUREMENT_KINDS.map((value) => ({ value, label: kindLabel(t, value) })),
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={headingOrder} size="h3" id={headingId}>
          {t('readings.heading')}
        </Title>
        <NativeSelect
          label={t('readings.show')}
          data={filterOptions}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as MeasurementKind | '')}
          w={220}
        />
      </Group>
      <StatusLine ref={statusRef} status={deleting.status} />
      <QueryProgress
        query={readings}
        loading={t('readings.loading')}
        failed={t('readings.loadFailed')}
      />
      {readings.isSuccess && readings.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconHeartbeat size={28} aria-hidden />}
          title={
            kind === ''
              ? t('readings.none')
              : t('readings.noneOfKind', { kind: kindInSentence(t, kind) })
          }
          description={t('readings.noneText')}
        />
      )}
      {readings.isSuccess && readings.data.length > 0 && (
        <PlainList gap="xs">
          {readings.data.map((m) => (
            <Paper key={m._id} component="li" withBorder radius="md" px="md" py="sm">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>
                    {t('readings.line', {
                      kind: kindLabel(t, m.kind),
                      reading: readingInWords(t, m.kind, m.value, system),
                    })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <time dateTime={m.takenat}>{takenAtInWords(m.takenat)}</time>
                    {` · ${recordedBy(m)}`}
                  </Text>
                  {m.note && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {m.note}
                    </Text>
                  )}
                </div>
                {(m.recordedby
                  ? m.recordedby._id === me.data?._id
                  : m.patient === me.data?._id) && (
                  <Button
                    variant="outline"
                    color="red.9"
                    size="xs"
                    aria-label={t('readings.deleteNamed', { reading: describe(t, m, system) })}
                    onClick={() => deleting.ask(m)}
                  >
                    {t('readings.delete')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={readings} label={t('readings.loadMore')} />
      <ConfirmDialog
        {...deleting.dialog}
        title={t('readings.confirmTitle')}
        confirmLabel={t('readings.confirmYes')}
        cancelLabel={t('readings.confirmNo')}
      >
        {deleting.target &&
          t('readings.confirmText', { reading: describe(t, deleting.target, system) })}
      </ConfirmDialog>
    </Stack>
  );
}
