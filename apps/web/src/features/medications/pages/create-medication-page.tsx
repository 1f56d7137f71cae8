import { useLocation, useNavigate } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { noticeState } from '../../../lib/notice';
import { useCreateMedication } from '../api/create-medication';
import { MedicationForm } from '../components/medication-form';
import { emptyValues } from '../components/medication-form-values';
import { usePatientToday } from '../components/use-today';

/** /patient/create-medication (SPEC §2, §3). */
export function CreateMedicationPage() {
  const create = useCreateMedication();
  const navigate = useNavigate();
  const today = usePatientToday();
  // Choosing Create Medication again (from the menu) starts a blank form.
  const { key } = useLocation();

  return (
    <AreaPage
      heading="Create Medication"
      intro="Add a medication you take. It appears on your daily checklist from its start date."
    >
      <MedicationForm
        key={key}
        initial={emptyValues(today)}
        submitLabel="Save medication"
        failureTitle="The medication was not saved"
        cancelTo="/patient/medications"
        onSave={async (body) => {
          const saved = await create.mutateAsync(body);
          await navigate('/patient/medications', {
            state: noticeState({
              tone: 'success',
              message: `${saved.name} was added to your medications.`,
            }),
          });
        }}
      />
    </AreaPage>
  );
}
