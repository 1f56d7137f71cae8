import { PharmacyFinder } from '../features/pharmacies/components/pharmacy-finder';
import type { PharmacyPicker } from '../features/prescriptions/components/pharmacy-picker';
import { PatientPrescriptionsPage } from '../features/prescriptions/pages/patient-prescriptions-page';

// Like the dashboards, the app puts two features together so neither imports the other: a
// prescription is sent to a pharmacy picked from the pharmacies feature's directory.

/** The directory search, a button on each pharmacy, inside the Send to pharmacy dialog. */
export const pickPharmacy: PharmacyPicker = (action) => (
  <PharmacyFinder headingOrder={3} action={action} />
);

/** /patient/prescriptions. */
export function PatientPrescriptionsRoute() {
  return <PatientPrescriptionsPage pickPharmacy={pickPharmacy} />;
}
