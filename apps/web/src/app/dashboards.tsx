import { SimpleGrid } from '@mantine/core';
import { DoctorAppointmentsPanel } from '../features/appointments/components/doctor-appointments-panel';
import { PatientAppointmentTabs } from '../features/appointments/components/patient-appointment-tabs';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { HealthStatusPanel } from '../features/measurements/components/health-status-panel';
import { TodayDosesPanel } from '../features/medications/components/today-doses-panel';
import { WeekAdherencePanel } from '../features/medications/components/week-adherence-panel';
import { OwnPharmacyPanel } from '../features/pharmacies/components/own-pharmacy-panel';
import { PatientPrescriptionList } from '../features/prescriptions/components/patient-prescription-list';
import { PharmacyQueue } from '../features/prescriptions/components/pharmacy-queue';
import { RecentReports } from '../features/reports/components/recent-reports';
import { pickPharmacy } from './pick-pharmacy';
import { TwoStepInvite } from '../features/security/components/two-step-invite';
import { LinkedPatientsPanel } from '../features/tracking/components/linked-patients-panel';

// The dashboards gather pieces of several features; like the public layout handing the subscribe
// form to the footer, the app puts them together so no feature imports another.

/**
 * /patient: Graph Status (the latest readings as four tiles, and Record a reading), today's doses
 * (tickable), this week's adherence, the visit tabs (their Prescriptions
 * tab lists the prescriptions to send and follow, Medical Records the latest reports), the profile.
 */
export function PatientDashboardPage() {
  return (
    <DashboardPage
      userType="patient"
      panels={
        <>
          <HealthStatusPanel patientId={null} chartsPath="/patient/health" />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <TodayDosesPanel />
            <WeekAdherencePanel />
          </SimpleGrid>
          <PatientAppointmentTabs
            prescriptions={<PatientPrescriptionList headingOrder={3} pickPharmacy={pickPharmacy} />}
            records={<RecentReports />}
          />
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

/** /pharmacy: today's queue of fills to prepare, the pharmacy as patients see it, then the profile. */
export function PharmacyDashboardPage() {
  return (
    <DashboardPage
      userType="pharmacy"
      panels={
        <>
          <TwoStepInvite settingsPath="/pharmacy/security" />
          <PharmacyQueue />
          <OwnPharmacyPanel />
        </>
      }
    />
  );
}
