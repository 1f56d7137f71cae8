import { Button, DataList, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { formatUsDate, isDueOn, type Medication } from '@tend/shared';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { TIME_OF_DAY_LABELS } from '../../../lib/time-of-day';
import { useMedication } from '../api/get-medication';
import { DoseHistory } from '../components/dose-history';
import { MedicationLoadError } from '../components/medication-load-error';
import { usePatientToday } from '../components/use-today';

const none = (
  <Text span inherit c="dimmed">
    None
  </Text>
);

function todayInWords(medication: Medication, today: string): string {
  if (!isDueOn(medication, today)) return 'Not due today';
  return medication.taken ? 'Taken' : 'Not taken yet';
}

function Details({ medication }: { medication: Medication }) {
  const today = usePatientToday();
  const rows: [string, ReactNode][] = [
    ['Prescription', medication.description ?? none],
    ['Dosage', medication.dosage ?? none],
    ['Note', medication.note ?? none],
    ['Time of day', TIME_OF_DAY_LABELS[medication.timefrequency]],
    ['Start date', formatUsDate(medication.startdate)],
    ['End date', medication.enddate ? formatUsDate(medication.enddate) : 'Ongoing'],
    ['Today', todayInWords(medication, today)],
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <DataList labelWidth={130} gap="xs">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}

/** /patient/medications/:id: one medication, all its fields and its last 30 days. */
export function MedicationPage() {
  const id = useParams().id ?? '';
  const medication = useMedication(id);

  return (
    <AreaPage heading={medication.isSuccess ? medication.data.name : 'Medication'}>
      <Group gap="sm" mb="lg">
        <Button
          component={Link}
          to="/patient/medications"
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          All medications
        </Button>
        {medication.isSuccess && (
          <Button
            component={Link}
            to={`/patient/medications/${encodeURIComponent(id)}/edit`}
            leftSection={<IconPencil size={18} aria-hidden />}
            aria-label={`Edit ${medication.data.name}`}
          >
            Edit
          </Button>
        )}
      </Group>
      {medication.isPending && <Loader aria-label="Loading the medication" />}
      {medication.isError && (
        <MedicationLoadError error={medication.error} onRetry={() => void medication.refetch()} />
      )}
      {medication.isSuccess && (
        <Stack gap="lg">
          <Details medication={medication.data} />
          <DoseHistory medication={medication.data} />
        </Stack>
      )}
    </AreaPage>
  );
}
