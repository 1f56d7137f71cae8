import { medicationAtTime } from '../../../lib/time-of-day';
import { Button, DataList, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { isDueOn, type Medication } from '@tend/shared';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { useMedication } from '../api/get-medication';
import { numericDate } from '../components/dates';
import { DoseHistory } from '../components/dose-history';
import { MedicationLoadError } from '../components/medication-load-error';
import { usePatientToday } from '../components/use-today';
import { useOwnPages } from '../../../lib/acting-for';
import { useMedicationsT } from '../i18n';

function todayInWords(medication: Medication, today: string, t: TFunction): string {
  if (!isDueOn(medication, today)) return t('details.notDueToday');
  return medication.taken ? t('shared.taken') : t('details.notTakenYet');
}

function Details({ medication }: { medication: Medication }) {
  const { t } = useMedicationsT();
  const today = usePatientToday();
  const none = (
    <Text span inherit c="dimmed">
      {t('shared.none')}
    </Text>
  );
  const rows: [string, ReactNode][] = [
    [t('fields.prescription'), medication.description ?? none],
    [t('fields.dosage'), medication.dosage ?? none],
    [t('fields.note'), medication.note ?? none],
    [t('fields.timeOfDay'), t(`timeOfDay.${medication.timefrequency}`)],
    [t('fields.startDate'), numericDate(medication.startdate)],
    [
      t('fields.endDate'),
      medication.enddate ? numericDate(medication.enddate) : t('shared.ongoing'),
    ],
    [t('fields.today'), todayInWords(medication, today, t)],
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
  const { t } = useMedicationsT();
  const own = useOwnPages();
  const id = useParams().id ?? '';
  const medication = useMedication(id);

  return (
    <AreaPage
      heading={medication.isSuccess ? medicationAtTime(medication.data) : t('details.heading')}
    >
      <Group gap="sm" mb="lg">
        <Button
          component={Link}
          to="/patient/medications"
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('details.allMedications')}
        </Button>
        {own && medication.isSuccess && (
          <Button
            component={Link}
            to={`/patient/medications/${encodeURIComponent(id)}/edit`}
            leftSection={<IconPencil size={18} aria-hidden />}
            aria-label={t('shared.editNamed', { name: medicationAtTime(medication.data) })}
          >
            {t('shared.edit')}
          </Button>
        )}
      </Group>
      {medication.isPending && <Loader aria-label={t('shared.loadingOne')} />}
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
