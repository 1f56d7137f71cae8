import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { DevicesSection } from '../components/devices-section';
import { TwoStepSection } from '../components/two-step-section';
import { useSecurityT } from '../i18n';

/** /patient/security and /doctor/security: two-step sign-in and the signed-in devices. */
export function SecurityPage() {
  const { t } = useSecurityT();
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <Stack gap="lg">
        <TwoStepSection />
        <DevicesSection />
      </Stack>
    </AreaPage>
  );
}
