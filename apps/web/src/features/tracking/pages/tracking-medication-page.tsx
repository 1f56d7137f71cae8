import { Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { fullName } from '../../../lib/me';
import { usePatients } from '../api/list-patients';
import { NoPatientsYet } from '../components/no-patients-yet';
import { PatientMedications, type TrackedPatient } from '../components/patient-medications';
import type { ReactNode } from 'react';

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
  const [params, setParams] = useSearchParams();
  const patientId = params.get('patient') ?? '';
  const patients = usePatients();
  const listed = patients.data?.some((patient) => patient._id === patientId) ?? false;

  const choose = (id: string) => setParams(id === '' ? {} : { patient: id });

  return (
    <AreaPage
      heading="Tracking Medication"
      intro="The medications of patients who share them with you, how they are keeping up, and the prescriptions you write for them."
    >
      <Stack gap="lg">
        {patients.isPending && <Loader aria-label="Loading your patients" />}
        {patients.isError && (
          <QueryError
            title="We could not load your patients"
            error={patients.error}
            onRetry={() => void patients.refetch()}
          />
        )}
        {patients.isSuccess && patients.data.length === 0 && <NoPatientsYet />}
        {patients.isSuccess && patients.data.length > 0 && (
          <NativeSelect
            label="Patient"
            description="Patients who share their medications with you"
            value={listed ? patientId : ''}
            onChange={(event) => choose(event.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a patient' },
              ...patients.data.map((patient) => ({
                value: patient._id,
                // Issue 21: flagged, as on the dashboard, when a recent reading missed a target.
                label:
                  patient.outsidetarget.length > 0
                    ? `${fullName(patient)} (a reading outside your target)`
                    : fullName(patient),
              })),
            ]}
            maw={420}
          />
        )}
        <LoadMoreButton query={patients} label="Load more patients" />
        {patientId !== '' && (
          <PatientMedications
            key={patientId}
            patientId={patientId}
            patientSection={patientSection}
          />
        )}
        {patientId === '' && patients.isSuccess && patients.data.length > 0 && (
          <Text c="dimmed">Choose a patient to see their medications.</Text>
        )}
      </Stack>
    </AreaPage>
  );
}
