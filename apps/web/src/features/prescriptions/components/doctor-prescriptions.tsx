import type { Prescription } from '@tend/shared';
import { Button, EmptyState, Group, Loader, Stack, Title } from '@mantine/core';
import { IconPrescription } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePatientPrescriptions } from '../api/list-patient-prescriptions';
import { useDownloadPrescription } from '../api/prescription-pdf';
import { DownloadError } from './download-error';
import { CancelPrescriptionDialog } from './cancel-prescription-dialog';
import { PrescribeForm } from './prescribe-form';
import { PrescriptionCard } from './prescription-card';
import { prescriptionTitle } from './prescription-words';
import { useRenewalActions } from './renewal-actions';
import { useFocusedStatus } from '../../../components/use-focused-status';

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
          Prescriptions
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
            Prescribe
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
              `Prescription written: ${prescriptionTitle(p)}, code ${p.code}. ${patientName} is notified.`,
            );
          }}
        />
      )}
      <DownloadError download={download} />
      {renewals.error}
      {prescriptions.isPending && (
        <Loader aria-label="Loading your prescriptions for this patient" />
      )}
      {prescriptions.isError && (
        <QueryError
          title="We could not load the prescriptions you wrote for this patient"
          error={prescriptions.error}
          onRetry={() => void prescriptions.refetch()}
        />
      )}
      {prescriptions.isSuccess && prescriptions.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconPrescription size={28} aria-hidden />}
          title={`You have not prescribed anything for ${patientName} yet.`}
          description="Prescriptions you write are listed here, newest first, for you to print or cancel."
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
                  aria-label={`Cancel prescription of ${prescriptionTitle(p)}`}
                  onClick={() => {
                    setStatus(null);
                    setCancelling(p);
                  }}
                >
                  Cancel prescription
                </Button>
              )}
            </>
          }
        />
      ))}
      <LoadMoreButton query={prescriptions} label="Load more prescriptions" />
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
