import type { Prescription } from '@tend/shared';
import { Button, Text } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { FormDialog } from '../../../components/form-dialog';
import { currentFill } from '../api/fill-steps';
import { useSendPrescription } from '../api/prescription-changes';
import type { PharmacyPicker } from './pharmacy-picker';
import { prescriptionTitle } from './prescription-words';
import { usePrescriptionsT } from '../i18n';

type Props = {
  prescription: Prescription;
  pickPharmacy: PharmacyPicker;
  onClose: () => void;
  /** It is sent: close, and say so in the list's status line. */
  onDone: (message: string) => void;
};

/**
 * Its patient picks a pharmacy from the directory to send it to, or to move it to while nothing is
 * being prepared. The pharmacy it was sent to before loses it and is not told (decision 025).
 */
export function SendToPharmacyDialog({ prescription: p, pickPharmacy, onClose, onDone }: Props) {
  const { t } = usePrescriptionsT();
  const send = useSendPrescription();
  const title = prescriptionTitle(p);
  // After a refusal it may go to any pharmacy, the same one included; otherwise it is moved.
  const refused = currentFill(p)?.status === 'refused';
  const moving = p.pharmacy !== null && !refused;
  return (
    <FormDialog
      opened
      size="lg"
      title={moving ? t('send.titleMove') : refused ? t('send.titleAgain') : t('send.titleSend')}
      error={send.isError ? send.error.message : null}
      pending={send.isPending}
      submitLabel=""
      onSubmit={null}
      onClose={onClose}
    >
      <Text>
        {moving
          ? t('send.introMove', { title })
          : refused
            ? t('send.introAgain', { title })
            : t('send.introSend', { title })}
      </Text>
      {pickPharmacy((pharmacy) =>
        moving && pharmacy._id === p.pharmacy?._id ? (
          <Button variant="light" disabled leftSection={<IconCheck size={18} aria-hidden />}>
            {t('send.sentHere')}
          </Button>
        ) : (
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            aria-label={t('send.sendHereTo', { pharmacy: pharmacy.name })}
            loading={send.isPending && send.variables.pharmacyId === pharmacy._id}
            disabled={send.isPending}
            onClick={() =>
              send.mutate(
                { id: p._id, pharmacyId: pharmacy._id },
                {
                  onSuccess: () => onDone(t('send.done', { title, pharmacy: pharmacy.name })),
                },
              )
            }
          >
            {t('send.sendHere')}
          </Button>
        ),
      )}
    </FormDialog>
  );
}
