import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TrackedMedication } from '@tend/shared';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { TIME_OF_DAY_LABELS } from '../../../lib/time-of-day';
import { AdherenceFigureText } from './adherence-figure';
import { RecentDays } from './recent-days';
import { TakenToday } from './taken-today';

type Props = { medications: TrackedMedication[]; today: string; labelledBy: string };

const dosage = (medication: TrackedMedication) =>
  medication.dosage ?? (
    <Text span inherit c="dimmed">
      None
    </Text>
  );

/** Wide screens: SPEC §2's Daily Medications table (Name, Dosage, Frequency, and the real state). */
function WideTable({ medications, today, labelledBy }: Props) {
  return (
    <Paper withBorder radius="lg" visibleFrom="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={860} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-labelledby={labelledBy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Dosage</Table.Th>
              <Table.Th scope="col">Frequency</Table.Th>
              <Table.Th scope="col">Taken today</Table.Th>
              <Table.Th scope="col">Last 7 days</Table.Th>
              <Table.Th scope="col">Last 30 days</Table.Th>
              <Table.Th scope="col">Last 14 days</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {medications.map((medication) => (
              <Table.Tr key={medication._id}>
                <Table.Th scope="row" fw={600} miw={120} style={{ overflowWrap: 'break-word' }}>
                  {medication.name}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{dosage(medication)}</Table.Td>
                <Table.Td>{TIME_OF_DAY_LABELS[medication.timefrequency]}</Table.Td>
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
  return (
    <Stack component="ul" gap="md" m={0} p={0} hiddenFrom="lg" style={{ listStyle: 'none' }}>
      {medications.map((medication) => {
        const rows: [string, ReactNode][] = [
          ['Dosage', dosage(medication)],
          ['Frequency', TIME_OF_DAY_LABELS[medication.timefrequency]],
          ['Taken today', <TakenToday medication={medication} today={today} />],
          ['Last 7 days', <AdherenceFigureText figure={medication.adherence7} />],
          ['Last 30 days', <AdherenceFigureText figure={medication.adherence30} />],
          ['Last 14 days', <RecentDays medication={medication} />],
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
