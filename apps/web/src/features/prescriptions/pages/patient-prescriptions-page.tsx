import { AreaPage } from '../../../components/area-page';
import { PatientPrescriptionList } from '../components/patient-prescription-list';
import type { PharmacyPicker } from '../components/pharmacy-picker';
import { usePrescriptionsT } from '../i18n';

/**
 * /patient/prescriptions: what the patient's doctors prescribed, newest first, each to print, to
 * send to a pharmacy and to follow there. The app hands in the directory to pick a pharmacy from.
 */
export function PatientPrescriptionsPage({ pickPharmacy }: { pickPharmacy: PharmacyPicker }) {
  const { t } = usePrescriptionsT();
  return (
    <AreaPage heading={t('patientPage.heading')} intro={t('patientPage.intro')}>
      <PatientPrescriptionList headingOrder={2} pickPharmacy={pickPharmacy} />
    </AreaPage>
  );
}
