import { medicationAtTime } from '../../../lib/time-of-day';
import { useLocation } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { useCreateMedication } from '../api/create-medication';
import { useMedicationsT } from '../i18n';
import { MedicationForm } from '../components/medication-form';
import { emptyValues } from '../components/medication-form-values';
import { usePatientToday } from '../components/use-today';
import { MEDICATIONS_PATH, useBackToList } from '../components/use-back-to-list';

/** /patient/create-medication (SPEC §2, §3). */
export function CreateMedicationPage() {
  const { t } = useMedicationsT();
  const create = useCreateMedication();
  const backToList = useBackToList();
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
        cancelTo={MEDICATIONS_PATH}
        onSave={async (body) => {
          const saved = await create.mutateAsync(body);
          await backToList(t('create.added', { name: medicationAtTime(saved) }));
        }}
      />
    </AreaPage>
  );
}
