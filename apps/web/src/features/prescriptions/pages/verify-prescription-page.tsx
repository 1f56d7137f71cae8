import { AreaPage } from '../../../components/area-page';
import { VerifyForm } from '../components/verify-form';

/** /pharmacy/verify: a pharmacy checks a paper prescription by the code printed on it. */
export function VerifyPrescriptionPage() {
  return (
    <AreaPage
      heading="Verify a prescription"
      intro="Type the code printed on a paper prescription to see whether it may be dispensed. Each check shows in the patient’s access log."
    >
      <VerifyForm />
    </AreaPage>
  );
}
