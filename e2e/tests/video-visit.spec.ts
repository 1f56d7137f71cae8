import type { Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { apiAs, prepareDoctor } from '../support/appointments.ts';
import {
  FAKE_MEDIA_LAUNCH,
  TEN_MINUTE_SLOTS,
  bookVisitStartingSoon,
  localTrackEnabled,
  openCallPage,
  remoteBrightness,
  remoteVideo,
  signedInWithVisitStartingSoon,
} from '../support/visit.ts';
import { closePages } from '../support/patient-and-doctor.ts';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const main = (page: Page) => page.getByRole('main');
const callStatus = (page: Page) => main(page).locator('[data-phase]');

/** Playing: a picture with a size, and a play position that moves on. */
async function expectRemoteVideoPlaying(page: Page) {
  await expect
    .poll(async () => (await remoteVideo(page)).width, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = (await remoteVideo(page)).time;
  await expect.poll(async () => (await remoteVideo(page)).time).toBeGreaterThan(before);
}

test.describe.serial('video visit: a patient and a doctor see and hear each other', () => {
  test.describe.configure({ timeout: 120_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  const lastname = `Mensah${Date.now().toString(36)}`;
  const doctorName = `Dr. Kofi ${lastname}`;
  const patientName = 'Ines Moreau';

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await signedInWithVisitStartingSoon(browser, {
      doctor: { firstname: 'Kofi', lastname },
      patient: { firstname: 'Ines', lastname: 'Moreau' },
      doctorProfile: {
        specialty: 'General practice',
        location: 'Rue de la Paix 2, Paris',
        consultationfee: 60,
      },
    }));
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('a visit further ahead says when it opens instead of offering Join', async () => {
    const api = await apiAs(patientPage.request, patient);
    const from = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    const slots = await api.get(`/doctors/${doctor.id}/slots?from=${from}`);
    const later = ((await slots.json()) as { slots: { start: string }[] }).slots[0];
    const booked = await api.post('/appointments', {
      doctorId: doctor.id,
      start: later?.start,
      type: 'online',
      purpose: 'Results of the blood test',
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { _id } = (await booked.json()) as { _id: string };
    const accepted = await (
      await apiAs(doctorPage.request, doctor)
    ).post(`/appointments/${_id}/accept`, {});
    expect(accepted.status()).toBe(200);

    await visitOn(patientPage, '/patient');
    const cards = main(patientPage)
      .getByRole('tabpanel', { name: 'Appointment' })
      .getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText(
      /Video visit: Join opens at .+, 10 minutes before the start\./,
    );
    await expect(cards.nth(1).getByRole('button', { name: /^Join visit/ })).toHaveCount(0);
  });

  test('the patient joins first and is told the doctor has not joined yet', async () => {
    const card = main(patientPage)
      .getByRole('tabpanel', { name: 'Appointment' })
      .getByRole('listitem')
      .first();
    await card.getByRole('button', { name: new RegExp(`^Join visit with ${doctorName}`) }).click();
    await expect(patientPage).toHaveURL(/\/visit\/[A-Za-z0-9_-]{22}$/);
    await expect(main(patientPage).getByRole('heading', { level: 1 })).toHaveText(
      `Video visit with ${doctorName}`,
    );
    await expect(callStatus(patientPage)).toHaveText(
      `Waiting for ${doctorName} to join. They will appear here as soon as they do.`,
    );
    await expectAccessible(patientPage);
  });

  test('the doctor joins from the appointments page and each sees the other’s video', async () => {
    await visitOn(doctorPage, '/doctor/appointments');
    await main(doctorPage)
      .getByRole('button', { name: new RegExp(`^Join visit with ${patientName}`) })
      .click();
    await expect(doctorPage).toHaveURL(patientPage.url());
    await expect(callStatus(doctorPage)).toHaveText(`You are connected with ${patientName}.`, {
      timeout: 30_000,
    });
    await expect(callStatus(patientPage)).toHaveText(`You are connected with ${doctorName}.`, {
      timeout: 30_000,
    });
    await expectRemoteVideoPlaying(patientPage);
    await expectRemoteVideoPlaying(doctorPage);
    await expectAccessible(doctorPage);
  });

  test('mute and camera off switch the patient’s own tracks, and the doctor sees the camera go dark', async () => {
    const mute = main(patientPage).getByRole('button', { name: 'Mute' });
    const camera = main(patientPage).getByRole('button', { name: 'Camera off' });
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(await localTrackEnabled(patientPage, 'audio')).toBe(false);

    await expect.poll(() => remoteBrightness(doctorPage)).toBeGreaterThan(20);
    await camera.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    expect(await localTrackEnabled(patientPage, 'video')).toBe(false);
    await expect(main(patientPage).getByText('Your camera is off')).toBeVisible();
    await expect.poll(() => remoteBrightness(doctorPage)).toBeLessThan(5);

    await camera.click();
    await mute.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'false');
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(await localTrackEnabled(patientPage, 'audio')).toBe(true);
    await expect.poll(() => remoteBrightness(doctorPage)).toBeGreaterThan(20);
  });

  test('the doctor switches microphone during the call and stays connected', async () => {
    const microphone = main(doctorPage).getByRole('combobox', { name: 'Microphone' });
    const choices = await microphone
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(choices.length).toBeGreaterThan(1);
    const current = await microphone.inputValue();
    const other = choices.find((value) => value !== current) ?? '';
    await microphone.selectOption(other);
    await expect(microphone).toHaveValue(other);
    await expect(main(doctorPage).getByRole('alert')).toHaveCount(0);
    await expect(callStatus(doctorPage)).toHaveText(`You are connected with ${patientName}.`);
    await expectRemoteVideoPlaying(patientPage);
  });

  test('the call looks right on a phone, a tablet and a desktop', async () => {
    for (const width of Object.values(WIDTHS)) {
      await patientPage.setViewportSize({ width, height: 900 });
      await expect(main(patientPage).getByRole('button', { name: 'Hang up' })).toBeInViewport();
      await expectAccessible(patientPage);
      await patientPage.screenshot({
        path: `e2e/screenshots/video-visit-${width}.png`,
        fullPage: true,
      });
    }
    await patientPage.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  });

  test('hanging up ends the call on both sides', async () => {
    await main(patientPage).getByRole('button', { name: 'Hang up' }).click();
    await expect(callStatus(patientPage)).toHaveText('You left the visit.');
    await expect(main(patientPage).getByRole('button', { name: 'Rejoin' })).toBeVisible();
    await expect(callStatus(doctorPage)).toHaveText(
      `${patientName} left the visit. Stay to wait for them to come back, or hang up.`,
    );
    expect((await remoteVideo(doctorPage)).width).toBe(0);
    await expectAccessible(patientPage);

    await main(doctorPage).getByRole('button', { name: 'Hang up' }).click();
    await expect(callStatus(doctorPage)).toHaveText('You left the visit.');
    await main(doctorPage).getByRole('link', { name: 'Back to appointments' }).click();
    await expect(doctorPage).toHaveURL(/\/doctor\/appointments$/);
  });
});

test('a camera refused by the browser is said in words, with a way to try again', async ({
  browser,
  request,
}) => {
  const page = await openCallPage(browser);
  const doctor = await createAccountViaApi(request, 'doctor', {
    firstname: 'Rosa',
    lastname: 'Lind',
  });
  const patient = await createAccountViaApi(request, 'patient');
  await prepareDoctor(request, doctor, { specialty: 'Dermatology' }, TEN_MINUTE_SLOTS);
  const appointmentId = await bookVisitStartingSoon(request, patient, doctor);
  const room = await (await apiAs(request, patient)).get(`/appointments/${appointmentId}/visit`);
  const { roomid } = (await room.json()) as { roomid: string };
  // As if the person had said no to the browser's question.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await signIn(page, patient);
  await visitOn(page, `/visit/${roomid}`);
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText('Tend may not use your camera and microphone.');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});
