import { AreaPage } from '../../../components/area-page';
import { VerifyForm } from '../components/verify-form';
import { usePrescriptionsT } from '../i18n';

/** /pharmacy/verify: a pharmacy checks a paper prescription by the code printed on it. */
export function VerifyPrescriptionPage() {
  const { t } = usePrescriptionsT();
  return (
    <AreaPage heading={t('verifyPage.heading')} intro={t('verifyPage.intro')}>
      <VerifyForm />
    </AreaPage>
  );
}
