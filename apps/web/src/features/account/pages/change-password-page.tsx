import { AreaPage } from '../../../components/area-page';
import { ChangePasswordForm } from '../components/change-password-form';
import { useAccountT } from '../i18n';

export function ChangePasswordPage() {
  const { t } = useAccountT();
  return (
    <AreaPage heading={t('password.heading')} intro={t('password.intro')}>
      <ChangePasswordForm />
    </AreaPage>
  );
}
