import { NativeSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { fullName } from '../../../lib/me';
import { usePatients } from '../api/list-patients';
import { NoPatientsYet } from '../components/no-patients-yet';
import { PatientMedications, type TrackedPatient } from '../components/patient-medications';
import type { ReactNode } from 'react';
import { useTrackingT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';

/**
 * /doctor/tracking-medication: one linked patient at a time, chosen here or by ?patient=<id> (the
 * dashboard links that way). DESIGN replaces the spec's one fixed record id with this choice.
 * `patientSection` adds what other features show of the chosen patient (the app's composition).
 */
export function TrackingMedicationPage({
  patientSection,
}: {
  patientSection?: (patient: TrackedPatient) => ReactNode;
}) {
  const { t } = useTrackingT();
  const [params, setParams] = useSearchParams();
  const patientId = params.get('patient') ?? '';
  const patients = usePatients();
  const listed = patients.data?.some((patient) => patient._id === patientId) ?? false;

  const choose = (id: string) => setParams(id === '' ? {} : { patient: id });

  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <Stack gap="lg">
        <QueryProgress
          query={patients}
          loading={t('panel.loading')}
          failed={t('panel.loadFailed')}
        />
        {patients.isSuccess && patients.data.length === 0 && <NoPatientsYet />}
        {patients.isSuccess && patients.data.length > 0 && (
          <NativeSelect
            label={t('page.patient')}
            description={t('page.patientHint')}
            value={listed ? patientId : ''}
            onChange={(event) => choose(event.currentTarget.value)}
            data={[
              { value: '', label: t('page.choose') },
              ...patients.data.map((patient) => ({
                value: patient._id,
                // Issue 21: flagged, as on the dashboard, when a recent reading missed a target.
                label:
                  patient.outsidetarget.length > 0
                    ? t('page.flagged', { name: fullName(patient) })
                    : fullName(patient),
              })),
            ]}
            maw={420}
          />
        )}
        <LoadMoreButton query={patients} label={t('panel.loadMore')} />
        {patientId !== '' && (
          <PatientMedications
            key={patientId}
            patientId={patientId}
            patientSection={patientSection}
          />
        )}
        {patientId === '' && patients.isSuccess && patients.data.length > 0 && (
          <Text c="dimmed">{t('page.chooseText')}</Text>
        )}
      </Stack>
    </AreaPage>
  );
}
