import { useLocation, useNavigate } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { noticeState } from '../../../lib/notice';
import { useCreateMedication } from '../api/create-medication';
import { useMedicationsT } from '../i18n';
import { MedicationForm } from '../components/medication-form';
import { emptyValues } from '../components/medication-form-values';
import { usePatientToday } from '../components/use-today';

/** /patient/create-medication (SPEC §2, §3). */
export function CreateMedicationPage() {
  const { t } = useMedicationsT();
  const create = useCreateMedication();
  const navigate = useNavigate();
  const today = usePatientToday();
  // Choosing Create Medication again (from the menu) starts a blank form.
  const { key } = useLocation();

  return (
    <AreaPage heading={t('shared.createMedication')} intro={t('create.intro')}>
      <MedicationForm
        key={key}
        initial={emptyValues(today)}
        submitLabel={t('create.submit')}
        failureTitle={t('create.failure')}
        cancelTo="/patient/medications"
        onSave={async (body) => {
          const saved = await create.mutateAsync(body);
          await navigate('/patient/medications', {
            state: noticeState({
              tone: 'success',
              message: t('create.added', { name: saved.name }),
            }),
          });
        }}
      />
    </AreaPage>
  );
}
