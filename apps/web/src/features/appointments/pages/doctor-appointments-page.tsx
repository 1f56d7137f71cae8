import { SegmentedControl, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { AreaPage } from '../../../components/area-page';
import { useAppointments } from '../api/list-appointments';
import { AppointmentListState } from '../components/appointment-list-state';
import { DoctorAppointmentCard } from '../components/doctor-appointment-card';
import { useAppointmentActions } from '../components/use-appointment-actions';
import { useViewerTimeZone } from '../components/use-viewer-time-zone';

type Scope = 'upcoming' | 'past';

/** /doctor/appointments: every visit as a card; past ones to complete, bill and give receipts. */
export function DoctorAppointmentsPage() {
  const [scope, setScope] = useState<Scope>('upcoming');
  const timeZone = useViewerTimeZone();
  const list = useAppointments({ scope });
  const actions = useAppointmentActions('doctor', timeZone);
  const appointments = list.data ?? [];

  return (
    <AreaPage
      heading="Appointments"
      intro="Accept or cancel requests, complete visits, record payments and hand out receipts."
    >
      <SegmentedControl
        aria-label="Which appointments"
        value={scope}
        onChange={(value) => setScope(value)}
        data={[
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'past', label: 'Past' },
        ]}
        mb="md"
      />
      {actions.statusLine}
      <AppointmentListState
        list={list}
        what="your appointments"
        empty={scope === 'upcoming' ? 'No upcoming appointments.' : 'No past appointments yet.'}
        shown={appointments.length}
      >
        <SimpleGrid
          component="ul"
          cols={{ base: 1, lg: 2 }}
          spacing="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={scope === 'upcoming' ? 'Upcoming appointments' : 'Past appointments'}
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
