import { AreaPage } from '../../../components/area-page';
import { ChangePasswordForm } from '../components/change-password-form';

export function ChangePasswordPage() {
  return (
    <AreaPage
      heading="Change password"
      intro="Changing your password signs you out of Tend on every other device."
    >
      <ChangePasswordForm />
    </AreaPage>
  );
}
