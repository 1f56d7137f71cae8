import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { DevicesSection } from '../components/devices-section';
import { TwoStepSection } from '../components/two-step-section';

/** /patient/security and /doctor/security: two-step sign-in and the signed-in devices. */
export function SecurityPage() {
  return (
    <AreaPage
      heading="Sign-in and devices"
      intro="Keep your account yours: a second step when you sign in, and where you are signed in."
    >
      <Stack gap="lg">
        <TwoStepSection />
        <DevicesSection />
      </Stack>
    </AreaPage>
  );
}
