import { Loader } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { noticeState } from '../../../lib/notice';
import { useMedication } from '../api/get-medication';
import { useUpdateMedication } from '../api/update-medication';
import { MedicationForm } from '../components/medication-form';
import { MedicationLoadError } from '../components/medication-load-error';
import { toFormValues } from '../components/medication-form-values';

/** /patient/medications/:id/edit: loading, then the form or SPEC §4's error text. */
export function EditMedicationPage() {
  const id = useParams().id ?? '';
  const medication = useMedication(id);
  const update = useUpdateMedication(id);
  const navigate = useNavigate();

  return (
    <AreaPage
      heading="Edit medication"
      intro={
        medication.isSuccess
          ? `Change any detail of ${medication.data.name}, then save.`
          : 'Change any detail, then save.'
      }
    >
      {medication.isPending && <Loader aria-label="Loading the medication" />}
      {medication.isError && (
        <MedicationLoadError error={medication.error} onRetry={() => void medication.refetch()} />
      )}
      {medication.isSuccess && (
        <MedicationForm
          // A fresh form for each medication, never one seeded with another's values.
          key={medication.data._id}
          initial={toFormValues(medication.data)}
          submitLabel="Save Changes"
          failureTitle="Your changes were not saved"
          cancelTo="/patient/medications"
          onSave={async (body) => {
            const saved = await update.mutateAsync(body);
            await navigate('/patient/medications', {
              state: noticeState({ tone: 'success', message: `${saved.name} was saved.` }),
            });
          }}
        />
      )}
    </AreaPage>
  );
}
