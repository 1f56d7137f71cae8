import { Table, Text } from '@mantine/core';
import type { TrackedMedication } from '@tend/shared';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { medicationAtTime } from '../../../lib/time-of-day';
import { CardTitle, ResponsiveTable, RowHeading } from '../../../components/responsive-table';
import { useTrackingT, type TrackingT } from '../i18n';
import { AdherenceFigureText } from './adherence-figure';
import { RecentDays } from './recent-days';
import { TakenToday } from './taken-today';

type Props = { medications: TrackedMedication[]; today: string; labelledBy: string };

const dosage = (t: TrackingT, medication: TrackedMedication) =>
  medication.dosage ?? (
    <Text span inherit c="dimmed">
      {t('table.none')}
    </Text>
  );

/** SPEC §5's Day, Afternoon or Night. */
const frequency = (t: TrackingT, medication: TrackedMedication) =>
  t(`frequency.${medication.timefrequency}`);

/**
 * SPEC §2's Daily Medications table (Name, Dosage, Frequency, and the real state) on wide screens;
 * one card per medication on phones and tablets.
 */
export function TrackingTable({ medications, today, labelledBy }: Props) {
  const { t } = useTrackingT();
  return (
    <ResponsiveTable
      rows={medications}
      rowKey={(medication) => medication._id}
      from="lg"
      minWidth={860}
      labelledBy={labelledBy}
      headings={[
        t('table.name'),
        t('table.dosage'),
        t('table.frequency'),
        t('table.takenToday'),
        t('table.last7'),
        t('table.last30'),
        t('table.last14'),
      ]}
      cells={(medication) => (
        <>
          <RowHeading miw={120} wrap="break-word">
            {medication.name}
          </RowHeading>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{dosage(t, medication)}</Table.Td>
          <Table.Td>{frequency(t, medication)}</Table.Td>
          <Table.Td>
            <TakenToday medication={medication} today={today} />
          </Table.Td>
          <Table.Td>
            <AdherenceFigureText figure={medication.adherence7} />
          </Table.Td>
          <Table.Td>
            <AdherenceFigureText figure={medication.adherence30} />
          </Table.Td>
          <Table.Td>
            <RecentDays medication={medication} />
          </Table.Td>
        </>
      )}
      card={(medication) => {
        const rows: [string, ReactNode][] = [
          [t('table.dosage'), dosage(t, medication)],
          [t('table.frequency'), frequency(t, medication)],
          [t('table.takenToday'), <TakenToday medication={medication} today={today} />],
          [t('table.last7'), <AdherenceFigureText figure={medication.adherence7} />],
          [t('table.last30'), <AdherenceFigureText figure={medication.adherence30} />],
          [t('table.last14'), <RecentDays medication={medication} />],
        ];
        return (
          <>
            <CardTitle order={3} size="h4">
              {medicationAtTime(medication)}
            </CardTitle>
            <FactList labelWidth={120} gap="xs" facts={rows} />
          </>
        );
      }}
    />
  );
}
