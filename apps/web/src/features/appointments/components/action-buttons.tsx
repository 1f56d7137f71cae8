import { Button, Group } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { Link } from 'react-router';
import { useAppointmentsT } from '../i18n';
import { isAhead, isOpen } from './appointment-format';
import type { AppointmentActions, Viewer } from './use-appointment-actions';

type Props = {
  appointment: Appointment;
  viewer: Viewer;
  actions: AppointmentActions;
  /** Who the buttons are about, so a screen reader tells rows apart ("Accept Ana Diaz, 11/26…"). */
  about: string;
  /** The dashboard table keeps to SPEC's View, Accept and Cancel. */
  only?: readonly ActionId[];
};

/** Each action's key in the catalog (`actions.<id>`), which names its button. */
export type ActionId =
  | 'view'
  | 'accept'
  | 'prescribe'
  | 'complete'
  | 'payment'
  | 'reschedule'
  | 'review'
  | 'receipt'
  | 'cancel';

type ActionButton = {
  id: ActionId;
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
    list.push({ id: 'view', onClick: () => actions.openDialog('view', a) });
    if (a.status === 'requested') {
      list.push({ id: 'accept', onClick: () => actions.acceptVisit(a), primary: true });
    }
    // Issue 20: prescribing for the patient of a visit, the form already open. The tracking page
    // says in words when the patient does not share with this doctor (the API refuses).
    if (a.status === 'accepted') {
      list.push({
        id: 'prescribe',
        to: `/doctor/tracking-medication?patient=${encodeURIComponent(a.patient._id)}&prescribe=1`,
      });
    }
    if (a.status === 'accepted' && Date.parse(a.start) <= now) {
      list.push({
        id: 'complete',
        onClick: () => actions.openDialog('complete', a),
        primary: true,
      });
    }
    if (!a.paid && (a.status === 'accepted' || a.status === 'completed')) {
      list.push({ id: 'payment', onClick: () => actions.openDialog('payment', a) });
    }
  } else {
    if (open && isAhead(a, now)) {
      list.push({ id: 'reschedule', onClick: () => actions.openDialog('reschedule', a) });
    }
    if (a.status === 'completed' && !a.review) {
      list.push({ id: 'review', onClick: () => actions.openDialog('review', a), primary: true });
    }
  }
  if (a.paid) list.push({ id: 'receipt', onClick: () => actions.downloadReceipt(a) });
  if (open && (viewer === 'doctor' || isAhead(a, now))) {
    list.push({ id: 'cancel', onClick: () => actions.openDialog('cancel', a), danger: true });
  }
  return list;
}

/** How a button looks: filled for the main step, outlined red for cancelling, plain otherwise. */
function buttonLook(button: ActionButton) {
  return {
    size: 'compact-sm',
    variant: button.primary ? 'filled' : button.danger ? 'outline' : 'default',
    color: button.danger ? 'red.9' : undefined,
  } as const;
}

/** The actions the viewer may take on one appointment now; none for a finished one. */
export function ActionButtons({ appointment, viewer, actions, about, only }: Props) {
  const { t } = useAppointmentsT();
  const buttons = buttonsFor(appointment, viewer, actions).filter(
    (button) => !only || only.includes(button.id),
  );
  if (buttons.length === 0) return null;
  const busy = actions.busyId === appointment._id;
  return (
    <Group gap={6}>
      {buttons.map((button) => {
        const label = t(`actions.${button.id}`);
        const look = {
          ...buttonLook(button),
          'aria-label': t('actions.about', { action: label, about }),
        };
        return button.to ? (
          <Button key={button.id} {...look} component={Link} to={button.to}>
            {label}
          </Button>
        ) : (
          <Button
            key={button.id}
            {...look}
            loading={busy && (button.id === 'accept' || button.id === 'receipt')}
            onClick={button.onClick}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
