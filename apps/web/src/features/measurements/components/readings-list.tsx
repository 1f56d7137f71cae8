import {
  Button,
  EmptyState,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import {
  KIND_LABELS,
  MEASUREMENT_KINDS,
  type Measurement,
  type MeasurementKind,
} from '@tend/shared';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { useMe } from '../../../lib/me';
import { useDeleteReading, useReadings } from '../api/readings';
import { readingInWords, takenAtInWords } from './measurement-words';
import { useUnitSystem } from './use-unit-system';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  headingOrder?: 2 | 3;
};

const FILTER_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...MEASUREMENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
];

const describe = (m: Measurement, system: ReturnType<typeof useUnitSystem>) =>
  `${KIND_LABELS[m.kind]} ${readingInWords(m.kind, m.value, system)} of ${takenAtInWords(m.takenat)}`;

/** The readings, newest first, a page at a time; whoever recorded one may delete it. */
export function ReadingsList({ patientId, headingOrder = 2 }: Props) {
  const [kind, setKind] = useState<MeasurementKind | ''>('');
  const readings = useReadings(patientId, kind);
  const system = useUnitSystem();
  const me = useMe();
  const headingId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const remove = useDeleteReading();
  const deleting = useConfirmedAction<Measurement>(
    remove,
    statusRef,
    (m) => `Deleted: ${describe(m, system)}.`,
  );

  const recordedBy = (m: Measurement) => {
    if (!m.recordedby) return 'Recorded by an account that no longer exists';
    if (m.recordedby._id === me.data?._id) return 'Recorded by you';
    const { firstname, lastname, userType } = m.recordedby;
    return `Recorded by ${userType === 'doctor' ? 'Dr. ' : ''}${firstname} ${lastname}`;
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={headingOrder} size="h3" id={headingId}>
          Readings
        </Title>
        <NativeSelect
          label="Show"
          data={FILTER_OPTIONS}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as MeasurementKind | '')}
          w={220}
        />
      </Group>
      <Text
        ref={statusRef}
        role="status"
        tabIndex={-1}
        fw={600}
        c="tend.8"
        style={{ outline: 'none' }}
        hidden={!deleting.status}
      >
        {deleting.status}
      </Text>
      {readings.isPending && <Loader aria-label="Loading the readings" />}
      {readings.isError && (
        <QueryError
          title="We could not load the readings"
          error={readings.error}
          onRetry={() => void readings.refetch()}
        />
      )}
      {readings.isSuccess && readings.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconHeartbeat size={28} aria-hidden />}
          title={
            kind === '' ? 'No readings yet.' : `No ${KIND_LABELS[kind].toLowerCase()} readings yet.`
          }
          description="Readings recorded or imported are listed here, newest first."
        />
      )}
      {readings.isSuccess && readings.data.length > 0 && (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {readings.data.map((m) => (
            <Paper key={m._id} component="li" withBorder radius="md" px="md" py="sm">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <div style={{ minWidth: 0 }}>
                  <Text
                    fw={600}
                  >{`${KIND_LABELS[m.kind]}: ${readingInWords(m.kind, m.value, system)}`}</Text>
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
                    aria-label={`Delete ${describe(m, system)}`}
                    onClick={() => deleting.ask(m)}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <LoadMoreButton query={readings} label="Load more readings" />
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete this reading?"
        confirmLabel="Delete reading"
        cancelLabel="Keep it"
      >
        {deleting.target &&
          `${describe(deleting.target, system)} goes from the charts and the list. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
