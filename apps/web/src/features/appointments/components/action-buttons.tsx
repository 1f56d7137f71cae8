import { Button, Group } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { Link } from 'react-router';
import { isAhead, isOpen } from './appointment-format';
import type { AppointmentActions, Viewer } from './use-appointment-actions';

type Props = {
  appointment: Appointment;
  viewer: Viewer;
  actions: AppointmentActions;
  /** Who the buttons are about, so a screen reader tells rows apart ("Accept Ana Diaz, 11/26…"). */
  about: string;
  /** The dashboard table keeps to SPEC's View, Accept and Cancel. */
  only?: readonly string[];
};

type ActionButton = {
  label: string;
  /** Either a button's action or, for a link to another page, where it leads. */
  onClick?: () => void;
  to?: string;
  danger?: boolean;
  primary?: boolean;
};

function buttonsFor(a: Appointment, viewer: Viewer, actions: AppointmentActions): ActionButton[] {
  const now = Date.now();
  const open = isOpen(a);
  const list: ActionButton[] = [];
  if (viewer === 'doctor') {
    list.push({ label: 'View', onClick: () => actions.openDialog('view', a) });
    if (a.status === 'requested') {
      list.push({ label: 'Accept', onClick: () => actions.acceptVisit(a), primary: true });
    }
    // Issue 20: prescribing for the patient of a visit, the form already open. The tracking page
    // says in words when the patient does not share with this doctor (the API refuses).
    if (a.status === 'accepted') {
      list.push({
        label: 'Prescribe',
        to: `/doctor/tracking-medication?patient=${encodeURIComponent(a.patient._id)}&prescribe=1`,
      });
    }
    if (a.status === 'accepted' && Date.parse(a.start) <= now) {
      list.push({
        label: 'Complete',
        onClick: () => actions.openDialog('complete', a),
        primary: true,
      });
    }
    if (!a.paid && (a.status === 'accepted' || a.status === 'completed')) {
      list.push({ label: 'Record payment', onClick: () => actions.openDialog('payment', a) });
    }
  } else {
    if (open && isAhead(a, now)) {
      list.push({ label: 'Reschedule', onClick: () => actions.openDialog('reschedule', a) });
    }
    if (a.status === 'completed' && !a.review) {
      list.push({ label: 'Review', onClick: () => actions.openDialog('review', a), primary: true });
    }
  }
  if (a.paid) list.push({ label: 'Receipt', onClick: () => actions.downloadReceipt(a) });
  if (open && (viewer === 'doctor' || isAhead(a, now))) {
    list.push({ label: 'Cancel', onClick: () => actions.openDialog('cancel', a), danger: true });
  }
  return list;
}

/** The actions the viewer may take on one appointment now; none for a finished one. */
export function ActionButtons({ appointment, viewer, actions, about, only }: Props) {
  const buttons = buttonsFor(appointment, viewer, actions).filter(
    (button) => !only || only.includes(button.label),
  );
  if (buttons.length === 0) return null;
  const busy = actions.busyId === appointment._id;
  return (
    <Group gap={6}>
      {buttons.map((button) => {
        const look = {
          size: 'compact-sm',
          variant: button.primary ? 'filled' : button.danger ? 'outline' : 'default',
          color: button.danger ? 'red.9' : undefined,
          'aria-label': `${button.label} ${about}`,
        } as const;
        return button.to ? (
          <Button key={button.label} {...look} component={Link} to={button.to}>
            {button.label}
          </Button>
        ) : (
          <Button
            key={button.label}
            {...look}
            loading={busy && (button.label === 'Accept' || button.label === 'Receipt')}
            onClick={button.onClick}
          >
            {button.label}
          </Button>
        );
      })}
    </Group>
  );
}
