import type { APIRequestContext, Browser, LaunchOptions, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import config from '../playwright.config.ts';
import type { ApiAccount } from './api-accounts.ts';
import { signIn } from './accounts.ts';
import { apiAs } from './appointments.ts';
import {
  openPatientAndDoctor,
  type PatientAndDoctor,
  type PatientAndDoctorSetup,
} from './patient-and-doctor.ts';
import { watchTraffic } from './used-values.ts';

const baseLaunch = config.use?.launchOptions ?? {};

/**
 * For `test.use({ launchOptions })` in the video specs: Chromium's fake camera (a moving test
 * pattern) and microphone (a beep), granted without asking; the config's other flags stay.
 */
export const FAKE_MEDIA_LAUNCH: LaunchOptions = {
  ...baseLaunch,
  args: [
    ...(baseLaunch.args ?? []),
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
};

/**
 * A fixed-offset zone where it is now mid-morning. A visit booked for the coming hour then falls on
 * "today" there whatever hour the suite runs at (in UTC, a run just before midnight booked its visit
 * for tomorrow and the dashboard's Today table rightly left it out).
 */
export const MORNING_ZONE = (() => {
  const hoursAhead = ((10 - new Date().getUTCHours() + 36) % 24) - 12; // -12…11
  // The Etc names count the other way round: Etc/GMT-11 is eleven hours ahead of UTC.
  return hoursAhead === 0 ? 'UTC' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${Math.abs(hoursAhead)}`;
})();

/**
 * Ten-minute slots all day in MORNING_ZONE: whenever the test runs, a slot starts within ten
 * minutes, so its video room (open from ten minutes before the start) is open at once.
 */
export const TEN_MINUTE_SLOTS = {
  timezone: MORNING_ZONE,
  slotminutes: 10,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
  daysoff: [] as string[],
};

// The doctor accepts right after the booking, and only a visit that has not started can be
// accepted: a slot starting sooner than this is skipped for the next one (whose room then opens
// within this margin).
const ACCEPT_MARGIN_MS = 20_000;

/** Books the next free slot as an online visit and has the doctor accept it; returns its id. */
export async function bookVisitStartingSoon(
  request: APIRequestContext,
  patient: ApiAccount,
  doctor: ApiAccount,
): Promise<string> {
  const asPatient = await apiAs(request, patient);
  const now = Date.now();
  const from = new Date(now).toISOString();
  const to = new Date(now + 60 * 60_000).toISOString();
  const res = await asPatient.get(`/doctors/${doctor.id}/slots?from=${from}&to=${to}`);
  expect(res.status(), await res.text()).toBe(200);
  const { slots } = (await res.json()) as { slots: { start: string }[] };
  const slot = slots.find((s) => Date.parse(s.start) - Date.now() > ACCEPT_MARGIN_MS);
  if (!slot) throw new Error('no free slot in the next hour');
  const booked = await asPatient.post('/appointments', {
    doctorId: doctor.id,
    start: slot.start,
    type: 'online',
    purpose: 'Follow-up on blood pressure',
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { _id } = (await booked.json()) as { _id: string };
  const accepted = await (await apiAs(request, doctor)).post(`/appointments/${_id}/accept`, {});
  expect(accepted.status(), await accepted.text()).toBe(200);
  return _id;
}

/**
 * A patient and a doctor (ten-minute slots all day), each signed in at a page that may use the fake
 * camera, with an accepted online visit whose room opens within minutes.
 */
export async function signedInWithVisitStartingSoon(
  browser: Browser,
  setup: Pick<PatientAndDoctorSetup, 'patient' | 'doctor' | 'doctorProfile'>,
): Promise<PatientAndDoctor> {
  const two = await openPatientAndDoctor(browser, {
    ...setup,
    patient: { ...setup.patient, timezone: MORNING_ZONE },
    doctor: { ...setup.doctor, timezone: MORNING_ZONE },
    hours: TEN_MINUTE_SLOTS,
    openPage: openCallPage,
  });
  await bookVisitStartingSoon(two.patientPage.request, two.patient, two.doctor);
  await signIn(two.patientPage, two.patient);
  await signIn(two.doctorPage, two.doctor);
  return two;
}

let contexts = 0;

/**
 * A page of its own browser context (its own session and client address, as another person's
 * computer) that may use the camera and microphone; Chromium's fake devices stand in for them.
 */
export async function openCallPage(browser: Browser): Promise<Page> {
  const baseURL = process.env.TEND_E2E_URL;
  if (!baseURL) throw new Error('TEND_E2E_URL is not set');
  contexts += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    permissions: ['camera', 'microphone'],
    extraHTTPHeaders: { 'X-Forwarded-For': `192.0.2.${((process.pid * 11 + contexts) % 250) + 1}` },
  });
  watchTraffic(context);
  return context.newPage();
}

/** The remote <video>'s picture size and play position, to tell a playing video from a frozen one. */
export function remoteVideo(page: Page) {
  return page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => ({
    width: video.videoWidth,
    time: video.currentTime,
  }));
}

/**
 * How bright the remote picture is now, 0 (black) to 255: a camera turned off sends black frames,
 * Chromium's fake camera a bright test pattern.
 */
export function remoteBrightness(page: Page) {
  return page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context || video.videoWidth === 0) return -1;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    return sum / (data.length / 4);
  });
}

/** Whether this page's own microphone or camera track is switched on. */
export function localTrackEnabled(page: Page, kind: 'audio' | 'video') {
  return page.getByTestId('local-video').evaluate((video: HTMLVideoElement, k) => {
    const stream = video.srcObject as MediaStream | null;
    return stream?.getTracks().find((t) => t.kind === k)?.enabled ?? null;
  }, kind);
}
