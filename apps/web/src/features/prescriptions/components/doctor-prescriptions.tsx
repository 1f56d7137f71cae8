import type { Prescription } from '@tend/shared';
import { Button, EmptyState, Group, Stack, Title } from '@mantine/core';
import { IconPrescription } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { usePatientPrescriptions } from '../api/list-patient-prescriptions';
import { useDownloadPrescription } from '../api/prescription-pdf';
import { DownloadError } from './download-error';
import { CancelPrescriptionDialog } from './cancel-prescription-dialog';
import { PrescribeForm } from './prescribe-form';
import { PrescriptionCard } from './prescription-card';
import { prescriptionTitle } from './prescription-words';
import { useRenewalActions } from './renewal-actions';
import { useFocusedStatus } from '../../../components/use-focused-status';
import { usePrescriptionsT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';

type Props = {
  patientId: string;
  patientName: string;
  /** The patient's today, in their time zone. */
  today: string;
  /** Opened to prescribe (from a visit or an appointment): the form shows at once. */
  startWriting?: boolean;
};

/**
 * On the doctor's page for one linked patient: Prescribe (the form), then what this doctor wrote
 * for them, newest first, each to print or cancel, and a renewal the patient asked for to answer.
 */
export function DoctorPrescriptions({
  patientId,
  patientName,
  today,
  startWriting = false,
}: Props) {
  const { t } = usePrescriptionsT();
  const prescriptions = usePatientPrescriptions(patientId);
  const download = useDownloadPrescription();
  const [writing, setWriting] = useState(startWriting);
  const [cancelling, setCancelling] = useState<Prescription | null>(null);
  const { setStatus, statusLine } = useFocusedStatus();
  const prescribeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const renewals = useRenewalActions(patientName, setStatus);

  const closeForm = () => {
    setWriting(false);
    requestAnimationFrame(() => prescribeRef.current?.focus());
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('doctor.heading')}
        </Title>
        {!writing && (
          <Button
            ref={prescribeRef}
            leftSection={<IconPrescription size={18} aria-hidden />}
            onClick={() => {
              setStatus(null);
              setWriting(true);
            }}
          >
            {t('doctor.prescribe')}
          </Button>
        )}
      </Group>
      {statusLine}
      {writing && (
        <PrescribeForm
          patientId={patientId}
          patientName={patientName}
          today={today}
          onClose={closeForm}
          onWritten={(p) => {
            setWriting(false);
            setStatus(
              t('doctor.written', {
                title: prescriptionTitle(p),
                code: p.code,
                patient: patientName,
              }),
            );
          }}
        />
      )}
      <DownloadError download={download} />
      {renewals.error}
      <QueryProgress
        query={prescriptions}
        loading={t('doctor.loading')}
        failed={t('doctor.loadFailed')}
      />
      {prescriptions.isSuccess && prescriptions.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconPrescription size={28} aria-hidden />}
          title={t('doctor.emptyTitle', { patient: patientName })}
          description={t('doctor.emptyText')}
        />
      )}
      {prescriptions.data?.map((p) => (
        <PrescriptionCard
          key={p._id}
          prescription={p}
          headingOrder={3}
          onDownload={(chosen) => download.mutate(chosen)}
          downloading={download.isPending && download.variables._id === p._id}
          actions={
            <>
              {renewals.actionsOf(p)}
              {p.status === 'active' && (
                <Button
                  variant="outline"
                  color="red.9"
                  aria-label={t('doctor.cancelOf', { title: prescriptionTitle(p) })}
                  onClick={() => {
                    setStatus(null);
                    setCancelling(p);
                  }}
                >
                  {t('doctor.cancel')}
                </Button>
              )}
            </>
          }
        />
      ))}
      <LoadMoreButton query={prescriptions} label={t('doctor.loadMore')} />
      {renewals.dialog}
      {cancelling && (
        <CancelPrescriptionDialog
          prescription={cancelling}
          patientName={patientName}
          onClose={() => setCancelling(null)}
          onDone={(message) => {
            setCancelling(null);
            setStatus(message);
          }}
        />
      )}
    </Stack>
  );
}
