import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { CaringForList } from '../components/caring-for-list';
import { MyCaregivers } from '../components/my-caregivers';
import { useCaregiversT } from '../i18n';

/** /patient/caregivers: People who help me, and the people I care for (issue 42). */
export function CaregiversPage() {
  const { t } = useCaregiversT();
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <Stack gap="lg">
        <MyCaregivers />
        <CaringForList />
      </Stack>
    </AreaPage>
  );
}
