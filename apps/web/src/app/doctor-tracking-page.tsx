import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DoctorPatientHealth } from '../features/measurements/components/doctor-patient-health';
import { DoctorPrescriptions } from '../features/prescriptions/components/doctor-prescriptions';
import { PatientRecordDownload } from '../features/record/components/patient-record-download';
import { TrackingMedicationPage } from '../features/tracking/pages/tracking-medication-page';

// Like the dashboards, the app puts two features together so neither imports the other.

/**
 * /doctor/tracking-medication: the doctor's page for one linked patient. Below the patient's
 * medications, the download of their whole record as FHIR (issue 24), their health measurements with this doctor's targets (issue 21), then Prescribe and
 * the prescriptions this doctor wrote for them (issue 20); with
 * &prescribe=1 (from a visit or an appointment) the Prescribe form is already open.
 */
export function DoctorTrackingPage() {
  // ?prescribe=1: arrived from a visit or an appointment to prescribe, so the form is open. It is
  // read once and taken out of the address, so a reload after writing does not open it again.
  const [params, setParams] = useSearchParams();
  const [prescribing] = useState(() => params.get('prescribe') === '1');
  useEffect(() => {
    if (!params.has('prescribe')) return;
    setParams(
      (current) => {
        current.delete('prescribe');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return (
    <TrackingMedicationPage
      patientSection={({ patientId, name, today }) => (
        <>
          <PatientRecordDownload
            key={`record-${patientId}`}
            patientId={patientId}
            patientName={name}
          />
          <DoctorPatientHealth
            key={`health-${patientId}`}
            patientId={patientId}
            patientName={name}
          />
          <DoctorPrescriptions
            key={patientId}
            patientId={patientId}
            patientName={name}
            today={today}
            startWriting={prescribing}
          />
        </>
      )}
    />
  );
}
