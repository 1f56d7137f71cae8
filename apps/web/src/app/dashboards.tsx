import { SimpleGrid } from '@mantine/core';
import { DoctorAppointmentsPanel } from '../features/appointments/components/doctor-appointments-panel';
import { PatientAppointmentTabs } from '../features/appointments/components/patient-appointment-tabs';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { TodayDosesPanel } from '../features/medications/components/today-doses-panel';
import { WeekAdherencePanel } from '../features/medications/components/week-adherence-panel';
import { OwnPharmacyPanel } from '../features/pharmacies/components/own-pharmacy-panel';
import { RecentReports } from '../features/reports/components/recent-reports';
import { TwoStepInvite } from '../features/security/components/two-step-invite';
import { LinkedPatientsPanel } from '../features/tracking/components/linked-patients-panel';

// The dashboards gather pieces of several features; like the public layout handing the subscribe
// form to the footer, the app puts them together so no feature imports another.

/**
 * /patient: today's doses (tickable), this week's adherence, the visit tabs (their Medical Records
 * tab lists the latest reports), the profile.
 */
export function PatientDashboardPage() {
  return (
    <DashboardPage
      userType="patient"
      panels={
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <TodayDosesPanel />
            <WeekAdherencePanel />
          </SimpleGrid>
          <PatientAppointmentTabs records={<RecentReports />} />
        </>
      }
    />
  );
}

/** /doctor: the appointment table, the patients who share with them, then the profile. */
export function DoctorDashboardPage() {
  return (
    <DashboardPage
      userType="doctor"
      panels={
        <>
          <TwoStepInvite settingsPath="/doctor/security" />
          <DoctorAppointmentsPanel />
          <LinkedPatientsPanel />
        </>
      }
    />
  );
}

/** /pharmacy: what will come here, the pharmacy as patients see it, then the profile. */
export function PharmacyDashboardPage() {
  return (
    <DashboardPage
      userType="pharmacy"
      panels={
        <>
          <TwoStepInvite settingsPath="/pharmacy/security" />
          <OwnPharmacyPanel />
        </>
      }
    />
  );
}
