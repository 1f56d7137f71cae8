import type { QueryClient } from '@tanstack/react-query';
import type { UserType } from '@tend/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { RouteLoading } from '../components/route-loading';
import { LANGUAGE_IN_PAGE } from './layouts/page-handle';
import { medicationListQuery } from '../features/medications/api/list-medications';
import { currentLanguage, loadWords } from '../i18n/i18n';
import { meQuery } from '../lib/me';
import { RequirePatientOrDoctor } from './guards/require-patient-or-doctor';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { prefetchLoader, type Prefetch } from './route-prefetch';
import { markFreshForPage } from '../lib/fresh-for-page';

/** All of Mantine's styles: the entry's own stylesheet has only what it draws itself. */
const allMantineStyles = () => import('./all-mantine-styles');

/**
 * A route whose component is the export `name` of a module loaded on first visit, together with
 * all of Mantine's styles (the first such load fetches them; decision 029). In Spanish it draws
 * once the words its module registered for a Spanish page only have come too (the landing page's).
 * `prefetch`: the requests its page makes first, started when it is visited by a person signed in
 * as that user type, alongside the loading of its code (route-prefetch.ts).
 */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  prefetch?: { userType: UserType; prefetch: Prefetch },
) {
  return {
    ...(prefetch && { loader: prefetchLoader(prefetch.userType, prefetch.prefetch) }),
    lazy: {
      Component: () =>
        Promise.all([load(), allMantineStyles()]).then(async ([module]) => {
          await loadWords(currentLanguage());
          return module[name];
        }),
    },
  };
}

// Every area's frame shows the person's profile (menu card, language, time zone); the patient's
// checklist, on the dashboard and its own page, shows today's medications.
const areaFrame = (userType: UserType) => ({
  userType,
  prefetch: (client: QueryClient) => client.prefetchQuery(meQuery),
});
const todaysMedications = {
  userType: 'patient',
  prefetch: async (client: QueryClient) => {
    await client.prefetchInfiniteQuery(medicationListQuery);
    markFreshForPage(client, medicationListQuery.queryKey);
  },
} as const;

// With its sections below the first screen, which come in a file of their own.
const landingPage = () =>
  import('../features/landing/pages/landing-page').then(async (module) => {
    await module.preloadLandingPage();
    return module;
  });
const areaLayouts = () => import('./layouts/area-layout');
const signInPage = () => import('../features/auth/pages/sign-in-page');
const signUpPage = () => import('../features/auth/pages/sign-up-page');
const forgotPasswordPage = () => import('../features/auth/pages/forgot-password-page');
const resetPasswordPage = () => import('../features/auth/pages/reset-password-page');
const ownSignInPage = () => import('../features/auth/pages/own-sign-in-page');
const verifyEmailPage = () => import('../features/auth/pages/verify-email-page');
const confirmEmailPage = () => import('../features/auth/pages/confirm-email-page');
const dashboards = () => import('./dashboards');
const verifyPrescriptionPage = () =>
  import('../features/prescriptions/pages/verify-prescription-page');
const profilePage = () => import('./profile-settings-page');
const passwordPage = () => import('../features/account/pages/change-password-page');
const createMedicationPage = () => import('../features/medications/pages/create-medication-page');
const medicationsPage = () => import('../features/medications/pages/medications-page');
const medicationPage = () => import('../features/medications/pages/medication-page');
const editMedicationPage = () => import('../features/medications/pages/edit-medication-page');
const dailyMedicationPage = () => import('../features/medications/pages/daily-medication-page');
const healthPage = () => import('../features/measurements/pages/health-page');
const myDoctorsPage = () => import('../features/care/pages/my-doctors-page');
const trackingPage = () => import('./doctor-tracking-page');
const bookAppointmentPage = () => import('../features/appointments/pages/book-appointment-page');
const doctorAppointmentsPage = () =>
  import('../features/appointments/pages/doctor-appointments-page');
const availabilityPage = () => import('../features/availability/pages/availability-page');
const patientReportsPage = () => import('../features/reports/pages/patient-reports-page');
const patientPrescriptionsPage = () => import('./pick-pharmacy');
const doctorReportsPage = () => import('../features/reports/pages/doctor-reports-page');
const reportViewPage = () => import('../features/reports/pages/report-view-page');
const visitPage = () => import('../features/visits/pages/visit-page');
const messagesPage = () => import('../features/messaging/pages/messages-page');
const conversationPage = () => import('../features/messaging/pages/conversation-page');
const caregiversPage = () => import('../features/caregivers/pages/caregivers-page');
const caregivingInvitationPage = () => import('../features/caregivers/pages/invitation-page');
const notificationsPage = () => import('../features/notifications/pages/notifications-page');
const notificationSettingsPage = () =>
  import('../features/settings/pages/notification-settings-page');
const securityPage = () => import('../features/security/pages/security-page');
const pharmaciesPage = () => import('../features/pharmacies/pages/pharmacies-page');
const pharmacyPrescriptionsPage = () =>
  import('../features/prescriptions/pages/pharmacy-prescriptions-page');
const pharmacyPrescriptionPage = () =>
  import('../features/prescriptions/pages/pharmacy-prescription-page');

// The pages every area shares; each area's guard and menu come from its layout.
const accountRoutes = () => [
  {
    path: 'profile-settings',
    handle: LANGUAGE_IN_PAGE,
    ...lazyPage(profilePage, 'ProfileSettingsRoute'),
  },
  { path: 'change-password', ...lazyPage(passwordPage, 'ChangePasswordPage') },
  { path: 'notifications', ...lazyPage(notificationsPage, 'NotificationsPage') },
  { path: 'settings', ...lazyPage(notificationSettingsPage, 'NotificationSettingsPage') },
  { path: 'security', ...lazyPage(securityPage, 'SecurityPage') },
];

// Every route of the app, in one table. Every page is `lazy`, so it loads on demand. A first visit
// to / or /sign-in does not come here at all: each is prerendered with its own small entry
// (landing-app.tsx, sign-in-app.tsx); these routes serve moves to them from inside the app. A page of the patient or
// doctor area gets its side-menu entry in layouts/area-menu-items.ts.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown only on a first load straight into a lazy page, while its code arrives.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        path: '/',
        element: (
          <PublicLayout>
            <Outlet />
          </PublicLayout>
        ),
        children: [
          { index: true, ...lazyPage(landingPage, 'LandingPage') },
          { path: 'sign-in', ...lazyPage(signInPage, 'SignInPage') },
          { path: 'sign-up', ...lazyPage(signUpPage, 'SignUpPage') },
          // Opened from emailed links (the token is after #) and from "Forgot password?".
          { path: 'forgot-password', ...lazyPage(forgotPasswordPage, 'ForgotPasswordPage') },
          { path: 'reset-password', ...lazyPage(resetPasswordPage, 'ResetPasswordPage') },
          { path: 'verify-email', ...lazyPage(verifyEmailPage, 'VerifyEmailPage') },
          { path: 'confirm-email', ...lazyPage(confirmEmailPage, 'ConfirmEmailPage') },
          // Issue 42: an invitation to care for someone, from its email (token after #) or notice.
          {
            path: 'caregiving/accept',
            ...lazyPage(caregivingInvitationPage, 'CaregivingInvitationPage'),
          },
          // A dependent's own sign-in, sent by the one who looks after them (decision 051).
          { path: 'caregiving/own-sign-in', ...lazyPage(ownSignInPage, 'OwnSignInPage') },
        ],
      },
      // SPEC §2 and §6: each area is for its own user type only (the layout holds the guard).
      {
        path: '/patient',
        ...lazyPage(areaLayouts, 'PatientAreaLayout', areaFrame('patient')),
        children: [
          { index: true, ...lazyPage(dashboards, 'PatientDashboardPage', todaysMedications) },
          { path: 'create-medication', ...lazyPage(createMedicationPage, 'CreateMedicationPage') },
          { path: 'medications', ...lazyPage(medicationsPage, 'MedicationsPage') },
          { path: 'medications/:id', ...lazyPage(medicationPage, 'MedicationPage') },
          { path: 'medications/:id/edit', ...lazyPage(editMedicationPage, 'EditMedicationPage') },
          {
            path: 'daily-medication',
            ...lazyPage(dailyMedicationPage, 'DailyMedicationPage', todaysMedications),
          },
          // DESIGN, Health measurements: charts, readings, import and export (issue 21).
          { path: 'health', ...lazyPage(healthPage, 'HealthPage') },
          // DESIGN, Permissions: the patient shares with a doctor, and sees who looked.
          { path: 'doctors', ...lazyPage(myDoctorsPage, 'MyDoctorsPage') },
          // DESIGN, Caregivers: the people who help me, and those I care for (issue 42).
          { path: 'caregivers', ...lazyPage(caregiversPage, 'CaregiversPage') },
          // DESIGN, the third role: where a patient finds a pharmacy.
          { path: 'pharmacies', ...lazyPage(pharmaciesPage, 'PharmaciesPage') },
          { path: 'book-an-appointment', ...lazyPage(bookAppointmentPage, 'BookAppointmentPage') },
          { path: 'medical-report', ...lazyPage(patientReportsPage, 'PatientReportsPage') },
          { path: 'medical-report/:id', ...lazyPage(reportViewPage, 'PatientReportViewPage') },
          {
            path: 'prescriptions',
            ...lazyPage(patientPrescriptionsPage, 'PatientPrescriptionsRoute'),
          },
          { path: 'messages', ...lazyPage(messagesPage, 'PatientMessagesPage') },
          { path: 'messages/:id', ...lazyPage(conversationPage, 'PatientConversationPage') },
          ...accountRoutes(),
        ],
      },
      {
        path: '/doctor',
        ...lazyPage(areaLayouts, 'DoctorAreaLayout', areaFrame('doctor')),
        children: [
          { index: true, ...lazyPage(dashboards, 'DoctorDashboardPage') },
          { path: 'appointments', ...lazyPage(doctorAppointmentsPage, 'DoctorAppointmentsPage') },
          { path: 'tracking-medication', ...lazyPage(trackingPage, 'DoctorTrackingPage') },
          { path: 'availability', ...lazyPage(availabilityPage, 'AvailabilityPage') },
          { path: 'medical-report', ...lazyPage(doctorReportsPage, 'DoctorReportsPage') },
          { path: 'medical-report/:id', ...lazyPage(reportViewPage, 'DoctorReportViewPage') },
          { path: 'messages', ...lazyPage(messagesPage, 'DoctorMessagesPage') },
          { path: 'messages/:id', ...lazyPage(conversationPage, 'DoctorConversationPage') },
          ...accountRoutes(),
        ],
      },
      // DESIGN, the third role: a pharmacy's own area: today's queue, what was sent to it (a
      // notification opens one prescription), Verify a prescription, its account pages.
      {
        path: '/pharmacy',
        ...lazyPage(areaLayouts, 'PharmacyAreaLayout', areaFrame('pharmacy')),
        children: [
          { index: true, ...lazyPage(dashboards, 'PharmacyDashboardPage') },
          {
            path: 'prescriptions',
            ...lazyPage(pharmacyPrescriptionsPage, 'PharmacyPrescriptionsPage'),
          },
          {
            path: 'prescriptions/:id',
            ...lazyPage(pharmacyPrescriptionPage, 'PharmacyPrescriptionPage'),
          },
          { path: 'verify', ...lazyPage(verifyPrescriptionPage, 'VerifyPrescriptionPage') },
          ...accountRoutes(),
        ],
      },
      // A video visit belongs to both of its people, so it sits outside the areas.
      {
        path: '/visit/:roomId',
        element: (
          <RequirePatientOrDoctor>
            <Outlet />
          </RequirePatientOrDoctor>
        ),
        children: [{ index: true, ...lazyPage(visitPage, 'VisitPage') }],
      },
      // SPEC §2: any other path is the 404 page.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's router, made once by main.tsx. */
export const createAppRouter = () => createBrowserRouter(routes);
