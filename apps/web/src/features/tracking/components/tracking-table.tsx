import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TrackedMedication } from '@tend/shared';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
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

/** Wide screens: SPEC §2's Daily Medications table (Name, Dosage, Frequency, and the real state). */
function WideTable({ medications, today, labelledBy }: Props) {
  const { t } = useTrackingT();
  return (
    <Paper withBorder radius="lg" visibleFrom="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={860} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-labelledby={labelledBy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.name')}</Table.Th>
              <Table.Th scope="col">{t('table.dosage')}</Table.Th>
              <Table.Th scope="col">{t('table.frequency')}</Table.Th>
              <Table.Th scope="col">{t('table.takenToday')}</Table.Th>
              <Table.Th scope="col">{t('table.last7')}</Table.Th>
              <Table.Th scope="col">{t('table.last30')}</Table.Th>
              <Table.Th scope="col">{t('table.last14')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {medications.map((medication) => (
              <Table.Tr key={medication._id}>
                <Table.Th scope="row" fw={600} miw={120} style={{ overflowWrap: 'break-word' }}>
                  {medication.name}
                </Table.Th>
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
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Phones and tablets: the same, one card per medication. */
function Cards({ medications, today }: Props) {
  const { t } = useTrackingT();
  return (
    <Stack component="ul" gap="md" m={0} p={0} hiddenFrom="lg" style={{ listStyle: 'none' }}>
      {medications.map((medication) => {
        const rows: [string, ReactNode][] = [
          [t('table.dosage'), dosage(t, medication)],
          [t('table.frequency'), frequency(t, medication)],
          [t('table.takenToday'), <TakenToday medication={medication} today={today} />],
          [t('table.last7'), <AdherenceFigureText figure={medication.adherence7} />],
          [t('table.last30'), <AdherenceFigureText figure={medication.adherence30} />],
          [t('table.last14'), <RecentDays medication={medication} />],
        ];
        return (
          <Paper key={medication._id} component="li" withBorder radius="lg" p="md">
            <Title order={3} size="h4" mb="xs" style={{ overflowWrap: 'anywhere' }}>
              {medication.name}
            </Title>
            <FactList labelWidth={120} gap="xs" facts={rows} />
          </Paper>
        );
      })}
    </Stack>
  );
}

export function TrackingTable(props: Props) {
  return (
    <>
      <WideTable {...props} />
      <Cards {...props} />
    </>
  );
}
