import { AreaPage } from '../../../components/area-page';
import { PatientPrescriptionList } from '../components/patient-prescription-list';
import type { PharmacyPicker } from '../components/pharmacy-picker';

/**
 * /patient/prescriptions: what the patient's doctors prescribed, newest first, each to print, to
 * send to a pharmacy and to follow there. The app hands in the directory to pick a pharmacy from.
 */
export function PatientPrescriptionsPage({ pickPharmacy }: { pickPharmacy: PharmacyPicker }) {
  return (
    <AreaPage
      heading="Prescriptions"
      intro="Prescriptions your doctors wrote for you, newest first. Send one to a pharmacy on Tend and follow it here until you pick it up, or download it as a PDF: it carries a code any pharmacy can check."
    >
      <PatientPrescriptionList headingOrder={2} pickPharmacy={pickPharmacy} />
    </AreaPage>
  );
}
