import { Text } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { ActionButtons } from './action-buttons';
import { dateTimeText } from './appointment-format';
import { VisitJoin } from './visit-join';
import { useAppointmentsT } from '../i18n';
import type { AppointmentActions } from './use-appointment-actions';

type Props = {
  appointment: Appointment;
  timeZone: string;
  viewer: 'doctor' | 'patient';
  actions: AppointmentActions;
  /** The other person's name: with the time it tells apart buttons that read alike in a list. */
  name: string;
};

/** The end of a visit's card for either side: why it was cancelled, the call, and the actions. */
export function AppointmentCardFooter({ appointment: a, timeZone, viewer, actions, name }: Props) {
  const { t } = useAppointmentsT();
  const about = `${name}, ${dateTimeText(a.start, timeZone)}`;
  return (
    <>
      {a.status === 'cancelled' && a.cancelreason && (
        <Text size="sm" mb="sm">
          {t(`cancelledByReason.${a.cancelledby ?? 'clinic'}`, { reason: a.cancelreason })}
        </Text>
      )}
      <VisitJoin appointment={a} timeZone={timeZone} about={about} />
      <ActionButtons appointment={a} viewer={viewer} actions={actions} about={about} />
    </>
  );
}
