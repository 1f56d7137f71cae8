import type { Prescription, RefillResult } from '@tend/shared';
import { Button, EmptyState, Stack } from '@mantine/core';
import { IconPrescription, IconRefresh, IconSend, IconTransfer } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { fullName } from '../../../lib/me';
import { refillRequestGoesTo, sendingChoice } from '../api/fill-steps';
import { usePrescriptions } from '../api/list-prescriptions';
import { useRequestRefill } from '../api/prescription-changes';
import { useDownloadPrescription } from '../api/prescription-pdf';
import { DownloadError } from './download-error';
import { pharmacyWords } from './fill-words';
import type { PharmacyPicker } from './pharmacy-picker';
import { PrescriptionCard } from './prescription-card';
import { doctorWords, prescriptionTitle } from './prescription-words';
import { SendToPharmacyDialog } from './send-to-pharmacy-dialog';
import { useFocusedStatus } from '../../../components/use-focused-status';
import { prescriptionsText, usePrescriptionsT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';
import { FailureAlert } from '../../../components/failure-alert';

type Props = {
  /** 2 on the Prescriptions page; 3 under the dashboard's tab. */
  headingOrder: 2 | 3;
  pickPharmacy: PharmacyPicker;
};

/** What a refill request did, as the answer says: asked of the pharmacy, or of the doctor. */
function refillDone(p: Prescription, outcome: RefillResult['outcome']): string {
  const title = prescriptionTitle(p);
  if (outcome === 'refill_requested') {
    return prescriptionsText('patient.refillRequested', { title, pharmacy: pharmacyWords(p) });
  }
  return prescriptionsText('patient.renewalAsked', {
    title,
    doctor: doctorWords(fullName(p.doctor)),
  });
}

/**
 * The patient's prescriptions, newest first, each to print, to send to a pharmacy (or move while
 * nothing is being prepared), and to ask again for once the last fill was handed over.
 */
export function PatientPrescriptionList({ headingOrder, pickPharmacy }: Props) {
  const { t } = usePrescriptionsT();
  const prescriptions = usePrescriptions();
  const download = useDownloadPrescription();
  const refill = useRequestRefill();
  const [sending, setSending] = useState<Prescription | null>(null);
  const { setStatus, statusLine } = useFocusedStatus();

  const actionsOf = (p: Prescription) => {
    const title = prescriptionTitle(p);
    const refillTo = refillRequestGoesTo(p);
    const sendAs = sendingChoice(p);
    // "Send to pharmacy", "Move to another pharmacy" or "Send to another pharmacy".
    const sendLabel = sendAs && t(`patient.${sendAs}`);
    return (
      <>
        {sendAs && (
          <Button
            leftSection={
              sendAs === 'move' ? (
                <IconTransfer size={16} aria-hidden />
              ) : (
                <IconSend size={16} aria-hidden />
              )
            }
            variant={sendAs === 'move' ? 'outline' : 'filled'}
            aria-label={t('patient.sendAbout', { action: sendLabel, title })}
            onClick={() => {
              setStatus(null);
              refill.reset();
              setSending(p);
            }}
          >
            {sendLabel}
          </Button>
        )}
        {refillTo && (
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            aria-label={t('patient.refillOf', { title })}
            loading={refill.isPending && refill.variables === p._id}
            disabled={refill.isPending}
            onClick={() => {
              setStatus(null);
              refill.mutate(p._id, {
                onSuccess: (answer) => setStatus(refillDone(p, answer.outcome)),
              });
            }}
          >
            {t('patient.refill')}
          </Button>
        )}
      </>
    );
  };

  return (
    <Stack gap="md">
      {statusLine}
      <FailureAlert
        title={t('patient.refillFailed')}
        message={refill.error?.message}
        dismissLabel={t('download.dismiss')}
        onDismiss={() => refill.reset()}
      />
      <DownloadError download={download} />
      <QueryProgress
        query={prescriptions}
        loading={t('patient.loading')}
        failed={t('patient.loadFailed')}
      />
      {prescriptions.isSuccess && prescriptions.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconPrescription size={28} aria-hidden />}
          title={t('patient.emptyTitle')}
          description={t('patient.emptyText')}
        />
      )}
      {prescriptions.data?.map((p) => (
        <PrescriptionCard
          key={p._id}
          prescription={p}
          headingOrder={headingOrder}
          onDownload={(chosen) => download.mutate(chosen)}
          downloading={download.isPending && download.variables._id === p._id}
          actions={actionsOf(p)}
        />
      ))}
      <LoadMoreButton query={prescriptions} label={t('doctor.loadMore')} />
      {sending && (
        <SendToPharmacyDialog
          prescription={sending}
          pickPharmacy={pickPharmacy}
          onClose={() => setSending(null)}
          onDone={(message) => {
            setSending(null);
            setStatus(message);
          }}
        />
      )}
    </Stack>
  );
}
