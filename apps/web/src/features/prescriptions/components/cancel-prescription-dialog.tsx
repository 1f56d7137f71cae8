import { prescriptionCancelSchema, type Prescription } from '@tend/shared';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useCancelPrescription } from '../api/prescription-changes';
import { prescriptionTitle } from './prescription-words';
import { usePrescriptionsT } from '../i18n';

type Props = {
  prescription: Prescription;
  patientName: string;
  onClose: () => void;
  /** It is cancelled: close, and say so in the list's status line. */
  onDone: (message: string) => void;
};

/** Its doctor cancels an active prescription, saying why; the patient sees the reason. */
export function CancelPrescriptionDialog({ prescription, patientName, onClose, onDone }: Props) {
  const { t } = usePrescriptionsT();
  const cancel = useCancelPrescription();
  const title = prescriptionTitle(prescription);
  return (
    <ReasonDialog
      title={t('cancel.title')}
      explanation={t('cancel.explanation', {
        title,
        code: prescription.code,
        patient: patientName,
      })}
      submitLabel={t('cancel.submit')}
      schema={prescriptionCancelSchema}
      pending={cancel.isPending}
      error={cancel.isError ? cancel.error.message : null}
      onSubmit={(reason) =>
        cancel.mutate(
          { id: prescription._id, reason },
          { onSuccess: () => onDone(t('cancel.done', { title })) },
        )
      }
      onClose={onClose}
    />
  );
}
