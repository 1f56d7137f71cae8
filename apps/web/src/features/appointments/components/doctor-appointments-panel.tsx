import { Anchor, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { localDate } from '@tend/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppointments } from '../api/list-appointments';
import { AppointmentListState } from './appointment-list-state';
import { DoctorAppointmentTable } from './doctor-appointment-table';
import { useAppointmentActions } from './use-appointment-actions';
import { useViewerTimeZone } from './use-viewer-time-zone';
import { useAppointmentsT } from '../i18n';

type View = 'today' | 'upcoming';

/** /doctor: SPEC §2's appointment table, today's visits or every one still ahead. */
export function DoctorAppointmentsPanel() {
  const { t } = useAppointmentsT();
  const [view, setView] = useState<View>('today');
  const timeZone = useViewerTimeZone();
  const list = useAppointments({ scope: 'upcoming' });
  const actions = useAppointmentActions('doctor', timeZone);
  const today = localDate(new Date(), timeZone);
  const all = list.data ?? [];
  // The list runs soonest first, so today's visits are its first rows.
  const shown =
    view === 'today' ? all.filter((a) => localDate(new Date(a.start), timeZone) === today) : all;
  const moreToday = view === 'today' && shown.length === all.length;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4">
          {t('doctorPanel.title')}
        </Title>
        <SegmentedControl
          aria-label={t('doctorPanel.which')}
          value={view}
          onChange={(value) => setView(value)}
          data={[
            { value: 'today', label: t('doctorPanel.today') },
            { value: 'upcoming', label: t('doctorPanel.upcoming') },
          ]}
        />
      </Group>
      {actions.statusLine}
      <AppointmentListState
        list={view === 'today' && !moreToday ? { ...list, hasNextPage: false } : list}
        what={t('list.yourAppointments')}
        empty={view === 'today' ? t('doctorPanel.emptyToday') : t('doctorPanel.emptyUpcoming')}
        shown={shown.length}
      >
        <DoctorAppointmentTable
          appointments={shown}
          timeZone={timeZone}
          actions={actions}
          caption={view === 'today' ? t('doctorPanel.today') : t('doctorPanel.upcoming')}
        />
      </AppointmentListState>
      <Text size="sm" mt="md">
        <Anchor component={Link} to="/doctor/appointments" fw={600}>
          {t('doctorPanel.all')}
        </Anchor>
      </Text>
      {actions.dialogs}
    </Paper>
  );
}
