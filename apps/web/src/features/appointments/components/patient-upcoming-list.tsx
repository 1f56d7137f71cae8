import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useAppointments } from '../api/list-appointments';
import { AppointmentCard } from './appointment-card';
import { dateTimeText, doctorName, timeText } from './appointment-format';
import { AppointmentListState } from './appointment-list-state';
import type { AppointmentActions } from './use-appointment-actions';
import { useAppointmentsT } from '../i18n';
import { PlainList } from '../../../components/plain-list';

type Props = { timeZone: string; actions: AppointmentActions };

/** The Appointment tab: visits still ahead, soonest first, to move or cancel. */
export function PatientUpcomingList({ timeZone, actions }: Props) {
  const { t } = useAppointmentsT();
  const list = useAppointments({ scope: 'upcoming' });
  const appointments = list.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button component={Link} to="/patient/book-an-appointment">
          {t('patientUpcoming.book')}
        </Button>
      </Group>
      <AppointmentListState
        list={list}
        what={t('list.yourAppointments')}
        empty={t('patientUpcoming.empty')}
        shown={appointments.length}
      >
        <PlainList gap="sm">
          {appointments.map((a) => {
            const name = doctorName(a.doctor);
            const rows: [string, string][] = [
              [
                t('fields.when'),
                t('range', {
                  start: dateTimeText(a.start, timeZone),
                  end: timeText(a.end, timeZone),
                }),
              ],
              [t('fields.type'), t(`type.${a.type}`)],
              [t('fields.purpose'), a.purpose],
            ];
            if (a.type === 'in_person' && a.doctor.location)
              rows.push([t('fields.where'), a.doctor.location]);
            return (
              <AppointmentCard
                key={a._id}
                headingOrder={3}
                facts={rows}
                appointment={a}
                timeZone={timeZone}
                viewer="patient"
                actions={actions}
                name={name}
              />
            );
          })}
        </PlainList>
      </AppointmentListState>
    </Stack>
  );
}
