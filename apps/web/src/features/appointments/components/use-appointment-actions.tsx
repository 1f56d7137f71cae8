import { Alert } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { useId, useState } from 'react';
import { useAcceptAppointment } from '../api/accept-appointment';
import { useDownloadReceipt } from '../api/download-receipt';
import { dateTimeText, doctorName, patientName, receiptFilename } from './appointment-format';
import { CancelDialog } from './cancel-dialog';
import { CompleteDialog } from './complete-dialog';
import { DetailsDialog } from './details-dialog';
import { PaymentDialog } from './payment-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { ReviewDialog } from './review-dialog';
import { useAppointmentsT } from '../i18n';
import { LiveStatus } from '../../../components/live-status';

export type DialogKind = 'view' | 'cancel' | 'complete' | 'payment' | 'review' | 'reschedule';
export type Viewer = 'patient' | 'doctor';

/**
 * Everything a list of appointments can do to one of them: the dialogs it opens, Accept and
 * Receipt, which act at once, and one status line saying what happened. The status line takes
 * focus after a dialog closes, since the button that opened it may have gone with the change.
 */
export function useAppointmentActions(viewer: Viewer, timeZone: string) {
  const { t } = useAppointmentsT();
  const [open, setOpen] = useState<{ kind: DialogKind; appointment: Appointment } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const statusId = useId();
  const accept = useAcceptAppointment();
  const receipt = useDownloadReceipt();

  const say = (message: string) => {
    setStatus(message);
    requestAnimationFrame(() => document.getElementById(statusId)?.focus());
  };
  const clear = () => {
    setStatus(null);
    accept.reset();
    receipt.reset();
  };

  // The dialogs leave the page when closed, so focus is handed back to their button by hand.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const openDialog = (kind: DialogKind, appointment: Appointment) => {
    clear();
    setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setOpen({ kind, appointment });
  };
  const acceptVisit = (appointment: Appointment) => {
    clear();
    accept.mutate(
      { id: appointment._id },
      {
        onSuccess: () =>
          say(
            t('actions.accepted', {
              name: patientName(appointment.patient),
              when: dateTimeText(appointment.start, timeZone),
            }),
          ),
      },
    );
  };
  const downloadReceipt = (appointment: Appointment) => {
    clear();
    receipt.mutate({ id: appointment._id, filename: receiptFilename(appointment) });
  };

  const failure = accept.error ?? receipt.error;
  const statusLine = (
    <>
      <LiveStatus status={status} id={statusId} mb="md" />
      {failure && (
        <Alert
          color="red"
          variant="light"
          mb="md"
          role="alert"
          withCloseButton
          onClose={clear}
          closeButtonLabel={t('actions.dismiss')}
          title={accept.error ? t('actions.notAccepted') : t('actions.noReceipt')}
        >
          {failure.message}
        </Alert>
      )}
    </>
  );

  const props = open && {
    appointment: open.appointment,
    timeZone,
    onClose: () => {
      setOpen(null);
      requestAnimationFrame(() => opener?.focus());
    },
    onDone: (message: string) => {
      setOpen(null);
      say(message);
    },
  };
  const otherName = (appointment: Appointment) =>
    viewer === 'doctor' ? patientName(appointment.patient) : doctorName(appointment.doctor);
  const dialogs = props && (
    <>
      {open.kind === 'view' && <DetailsDialog {...props} />}
      {open.kind === 'cancel' && (
        <CancelDialog {...props} otherName={otherName(open.appointment)} />
      )}
      {open.kind === 'complete' && <CompleteDialog {...props} />}
      {open.kind === 'payment' && <PaymentDialog {...props} />}
      {open.kind === 'review' && <ReviewDialog {...props} />}
      {open.kind === 'reschedule' && <RescheduleDialog {...props} />}
    </>
  );

  return {
    openDialog,
    acceptVisit,
    downloadReceipt,
    /** The appointment whose Accept or Receipt is under way, for its button's spinner. */
    busyId: accept.isPending
      ? accept.variables.id
      : receipt.isPending
        ? receipt.variables.id
        : null,
    statusLine,
    dialogs,
  };
}

export type AppointmentActions = ReturnType<typeof useAppointmentActions>;
