import { fillDate } from '../support/date-fields.ts';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs, pdfText } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { shootDialog } from '../support/screenshots.ts';
import { moveVisitIntoPast } from '../support/visit-clock.ts';

const main = (page: Page) => page.getByRole('main');
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as YYYY-MM-DD in UTC, `days` from now: far enough that no time zone makes it today. */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

test.describe.serial('appointments: completing a visit, its receipt and the review', () => {
  // Each step also takes screenshots at three widths, each checked with axe.
  test.describe.configure({ timeout: 150_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  let appointmentId: string;
  // A name no other spec's doctor has, so the directory search finds exactly this one.
  const lastname = `Okafor${Date.now().toString(36)}`;
  const doctorName = `Dr. Ngozi ${lastname}`;
  const patientName = 'Marta Lindqvist';
  const followup = dayFromNow(30);

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Ngozi', lastname },
      patient: { firstname: 'Marta', lastname: 'Lindqvist' },
      doctorProfile: {
        specialty: 'Dermatology',
        location: 'Drottninggatan 7, Stockholm',
        consultationfee: 55,
      },
    }));
    // Booking and accepting through the pages is appointments-flow.spec.ts's journey; here they only
    // set the scene. All-day UTC hours offer every whole hour, so 10:00 UTC a week ahead is a slot.
    const start = `${dayFromNow(7)}T10:00:00.000Z`;
    const booked = await (
      await apiAs(patientPage.request, patient)
    ).post('/appointments', {
      doctorId: doctor.id,
      start,
      type: 'online',
      purpose: 'A rash on the forearm',
    });
    expect(booked.status(), await booked.text()).toBe(201);
    appointmentId = ((await booked.json()) as { _id: string })._id;
    const accepted = await (
      await apiAs(doctorPage.request, doctor)
    ).post(`/appointments/${appointmentId}/accept`, {});
    expect(accepted.status(), await accepted.text()).toBe(200);
    // The visit took place: it ended two hours ago.
    moveVisitIntoPast(appointmentId, 2);
    await signIn(doctorPage, doctor);
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  const pastCard = () =>
    main(doctorPage)
      .getByRole('list', { name: 'Past appointments' })
      .getByRole('listitem')
      .filter({ hasText: patientName });

  test('the doctor completes the visit with a follow-up date and a note', async () => {
    await visitOn(doctorPage, '/doctor/appointments');
    // The segmented control's radios are drawn by their labels.
    await main(doctorPage).getByText('Past', { exact: true }).click();
    await expect(main(doctorPage).getByRole('radio', { name: 'Past' })).toBeChecked();
    const card = pastCard();
    await expect(card.getByText('Accepted')).toBeVisible();
    await card.getByRole('button', { name: /^Complete / }).click();
    const dialog = doctorPage.getByRole('dialog', { name: 'Complete this visit' });
    await expect(dialog.getByText(new RegExp(`^${patientName}, `))).toBeVisible();
    await fillDate(dialog.getByLabel('Follow-up date'), followup);
    await dialog.getByLabel('Note').fill('Apply the cream twice a day; come back if it spreads.');
    await shootDialog(doctorPage, 'doctor-complete-dialog');
    await dialog.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(doctorPage).getByRole('status').first()).toContainText(
      `The visit with ${patientName} is marked as completed.`,
    );
    await expect(card.getByText('Completed')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Complete / })).toHaveCount(0);
    await expectAccessible(doctorPage);
  });

  test('the doctor records the payment of the completed visit', async () => {
    const card = pastCard();
    await card.getByRole('button', { name: /^Record payment / }).click();
    const dialog = doctorPage.getByRole('dialog', { name: 'Record payment' });
    await expect(dialog.getByLabel('Amount')).toHaveValue('55');
    await dialog.getByLabel('Method').selectOption('cash');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(doctorPage).getByRole('status').first()).toContainText('Payment of €55.00');
    await expect(card.getByRole('button', { name: /^Receipt / })).toBeVisible();
    await expectAccessible(doctorPage);
  });

  test('the patient downloads the receipt and reviews the doctor from Billing', async () => {
    await visitOn(patientPage, '/patient');
    await main(patientPage).getByRole('tab', { name: 'Billing' }).click();
    const billing = main(patientPage).getByRole('tabpanel', { name: 'Billing' });
    const row = billing.getByRole('row', { name: new RegExp(doctorName) });
    await expect(row.getByText('€55.00 paid')).toBeVisible();
    // The doctor's follow-up date, as the patient reads it (MM/DD/YYYY).
    const [year, month, day] = followup.split('-');
    await expect(row.getByText(`${month}/${day}/${year}`)).toBeVisible();
    await expectAccessible(patientPage);

    const downloading = patientPage.waitForEvent('download');
    await row.getByRole('button', { name: /^Receipt / }).click();
    const text = await pdfText(await downloading);
    expect(text).toContain(patientName);
    expect(text).toContain(`Ngozi ${lastname}`);
    expect(text, 'the receipt has a number').toMatch(/No\.\s+\S*\d/);
    expect(text).toMatch(/€55\.00/);
    expect(text).toMatch(/cash/i);

    await row.getByRole('button', { name: /^Review / }).click();
    const dialog = patientPage.getByRole('dialog', { name: `Review ${doctorName}` });
    // Nothing chosen yet: each missing answer is said on its own field, and nothing is sent.
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await expect(dialog.getByText('Give 1 to 5 stars.')).toBeVisible();
    await expect(dialog.getByText('Say whether you recommend this doctor.')).toBeVisible();
    // Mantine draws each star by the radio's label and hides the radio itself: the label takes the click.
    const fourStars = dialog.getByRole('radio', { name: '4 stars' });
    await dialog.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
    await expect(fourStars).toBeChecked();
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByLabel('Comment').fill('Clear advice and no waiting.');
    await shootDialog(patientPage, 'patient-review-dialog');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByRole('status').first()).toContainText(
      `Thank you: your review of ${doctorName} is published.`,
    );
    // One review per visit: the button is gone.
    await expect(row.getByRole('button', { name: /^Review / })).toHaveCount(0);
    await expectAccessible(patientPage);
  });

  test('the review appears on the doctor’s directory card', async () => {
    await visitOn(patientPage, '/patient/book-an-appointment');
    await main(patientPage).getByRole('searchbox', { name: 'Doctor’s name' }).fill(lastname);
    const cards = main(patientPage).getByRole('list', { name: 'Doctors' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading', { name: doctorName })).toBeVisible();
    await expect(card.getByText('4.0 of 5')).toBeVisible();
    await expect(card.getByText('(1 review)')).toBeVisible();
    await expect(card.getByText('100% recommend')).toBeVisible();
    await expectAccessible(patientPage);
  });
});
