import { medicationAtTime } from '../../../lib/time-of-day';
import { Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { useMedication } from '../api/get-medication';
import { useUpdateMedication } from '../api/update-medication';
import { MedicationForm } from '../components/medication-form';
import { MedicationLoadError } from '../components/medication-load-error';
import { toFormValues } from '../components/medication-form-values';
import { MEDICATIONS_PATH, useBackToList } from '../components/use-back-to-list';
import { useMedicationsT } from '../i18n';

/** /patient/medications/:id/edit: loading, then the form or SPEC §4's error text. */
export function EditMedicationPage() {
  const { t } = useMedicationsT();
  const id = useParams().id ?? '';
  const medication = useMedication(id);
  const update = useUpdateMedication(id);
  const backToList = useBackToList();

  return (
    <AreaPage
      heading={t('edit.heading')}
      intro={
        medication.isSuccess
          ? t('edit.introNamed', { name: medicationAtTime(medication.data) })
          : t('edit.intro')
      }
    >
      {medication.isPending && <Loader aria-label={t('shared.loadingOne')} />}
      {medication.isError && (
        <MedicationLoadError error={medication.error} onRetry={() => void medication.refetch()} />
      )}
      {medication.isSuccess && (
        <MedicationForm
          // A fresh form for each medication, never one seeded with another's values.
          key={medication.data._id}
          initial={toFormValues(medication.data)}
          submitLabel={t('edit.submit')}
          failureTitle={t('edit.failure')}
          cancelTo={MEDICATIONS_PATH}
          onSave={async (body) => {
            const saved = await update.mutateAsync(body);
            await backToList(t('edit.saved', { name: medicationAtTime(saved) }));
          }}
        />
      )}
    </AreaPage>
  );
}
