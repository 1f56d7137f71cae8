import { SegmentedControl, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { AreaPage } from '../../../components/area-page';
import { useAppointments } from '../api/list-appointments';
import { AppointmentListState } from '../components/appointment-list-state';
import { DoctorAppointmentCard } from '../components/doctor-appointment-card';
import { useAppointmentActions } from '../components/use-appointment-actions';
import { useViewerTimeZone } from '../components/use-viewer-time-zone';
import { useAppointmentsT } from '../i18n';

type Scope = 'upcoming' | 'past';

/** /doctor/appointments: every visit as a card; past ones to complete, bill and give receipts. */
export function DoctorAppointmentsPage() {
  const { t } = useAppointmentsT();
  const [scope, setScope] = useState<Scope>('upcoming');
  const timeZone = useViewerTimeZone();
  const list = useAppointments({ scope });
  const actions = useAppointmentActions('doctor', timeZone);
  const appointments = list.data ?? [];

  return (
    <AreaPage heading={t('doctorPage.heading')} intro={t('doctorPage.intro')}>
      <SegmentedControl
        aria-label={t('doctorPage.which')}
        value={scope}
        onChange={(value) => setScope(value)}
        data={[
          { value: 'upcoming', label: t('doctorPage.upcoming') },
          { value: 'past', label: t('doctorPage.past') },
        ]}
        mb="md"
      />
      {actions.statusLine}
      <AppointmentListState
        list={list}
        what={t('list.yourAppointments')}
        empty={scope === 'upcoming' ? t('doctorPage.emptyUpcoming') : t('doctorPage.emptyPast')}
        shown={appointments.length}
      >
        <SimpleGrid
          component="ul"
          cols={{ base: 1, lg: 2 }}
          spacing="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={
            scope === 'upcoming' ? t('doctorPage.listUpcoming') : t('doctorPage.listPast')
          }
        >
          {appointments.map((a) => (
            <DoctorAppointmentCard
              key={a._id}
              appointment={a}
              timeZone={timeZone}
              actions={actions}
            />
          ))}
        </SimpleGrid>
      </AppointmentListState>
      {actions.dialogs}
    </AreaPage>
  );
}
