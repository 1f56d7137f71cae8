import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { shootAll } from '../support/screenshots.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test.describe.serial('notifications: the bell counts live, the list marks read', () => {
  test.describe.configure({ timeout: 120_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  let appointmentId: string;
  const lastname = `Okafor${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Ines', lastname },
      patient: { firstname: 'Mateo', lastname: 'Silva' },
      doctorProfile: {
        specialty: 'Dermatology',
        location: 'Rua Augusta 10, Lisbon',
        consultationfee: 60,
      },
    }));
    await signIn(patientPage, patient);
    await signIn(doctorPage, doctor);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('a booking appears on the doctor’s open pages without a reload', async () => {
    await visitOn(doctorPage, '/doctor/appointments');
    await expect(bell(doctorPage)).toHaveAccessibleName('Notifications');

    const asPatient = await apiAs(patientPage.request, patient);
    const from = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    const slots = await asPatient.get(`/doctors/${doctor.id}/slots?from=${from}`);
    expect(slots.status(), await slots.text()).toBe(200);
    const { slots: free } = (await slots.json()) as { slots: { start: string }[] };
    const start = free[0]?.start;
    expect(start).toBeDefined();
    const booked = await asPatient.post('/appointments', {
      doctorId: doctor.id,
      start,
      type: 'in_person',
      purpose: 'A rash that will not go away',
    });
    expect(booked.status(), await booked.text()).toBe(201);
    appointmentId = ((await booked.json()) as { _id: string })._id;

    await expect(bell(doctorPage)).toHaveAccessibleName('Notifications, 1 unread');
    // The appointments list refreshed by itself: the new request is there.
    await expect(doctorPage.getByRole('main')).toContainText('Mateo Silva');
  });

  test('the doctor accepts: the patient’s bell count rises live, and the list marks read', async () => {
    await visitOn(patientPage, '/patient');
    await expect(bell(patientPage)).toHaveAccessibleName('Notifications');

    const accepted = await (
      await apiAs(doctorPage.request, doctor)
    ).post(`/appointments/${appointmentId}/accept`, {});
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(bell(patientPage)).toHaveAccessibleName('Notifications, 1 unread');

    await bell(patientPage).click();
    await expect(patientPage).toHaveURL(/\/patient\/notifications$/);
    const main = patientPage.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    const item = main.getByRole('listitem').filter({ hasText: 'Appointment accepted' });
    await expect(item).toContainText(`Dr. Ines ${lastname} accepted your appointment`);
    await expect(main.getByText('1 unread')).toBeVisible();
    await shootAll(patientPage, 'notifications-patient');

    await main.getByRole('button', { name: 'Mark all read' }).click();
    await expect(main.getByText('Nothing unread.')).toBeVisible();
    await expect(bell(patientPage)).toHaveAccessibleName('Notifications');
    await expect(item.getByRole('button', { name: 'Mark read' })).toHaveCount(0);

    // Each notification links to what it is about.
    await item.getByRole('link', { name: 'Appointment accepted' }).click();
    await expect(patientPage).toHaveURL(/\/patient\/book-an-appointment$/);
  });

  test('the doctor marks one read from the list', async () => {
    await visitOn(doctorPage, '/doctor/notifications');
    const main = doctorPage.getByRole('main');
    const item = main.getByRole('listitem').filter({ hasText: 'New appointment request' });
    await expect(item).toContainText('Mateo Silva asked for an appointment');
    await item.getByRole('button', { name: 'Mark read' }).click();
    await expect(main.getByText('Nothing unread.')).toBeVisible();
    await expect(bell(doctorPage)).toHaveAccessibleName('Notifications');
  });
});
