import { DoctorPrescriptions } from '../features/prescriptions/components/doctor-prescriptions';
import { TrackingMedicationPage } from '../features/tracking/pages/tracking-medication-page';

// Like the dashboards, the app puts two features together so neither imports the other.

/**
 * /doctor/tracking-medication: the doctor's page for one linked patient. Below the patient's
 * medications, Prescribe and the prescriptions this doctor wrote for them (issue 20).
 */
export function DoctorTrackingPage() {
  return (
    <TrackingMedicationPage
      patientSection={({ patientId, name, today }) => (
        <DoctorPrescriptions
          key={patientId}
          patientId={patientId}
          patientName={name}
          today={today}
        />
      )}
    />
  );
}
