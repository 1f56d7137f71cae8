import type { Browser, Page } from '@playwright/test';
import { openSharedPage } from './accounts.ts';
import { createAccountViaApi, type AccountNames, type ApiAccount } from './api-accounts.ts';
import { prepareDoctor, type ALL_DAY_HOURS } from './appointments.ts';
import { shareWithDoctor } from './reports.ts';

/** A patient and a doctor, each at a browser page of their own (another person's computer). */
export interface PatientAndDoctor {
  patient: ApiAccount;
  doctor: ApiAccount;
  patientPage: Page;
  doctorPage: Page;
}

export interface PatientAndDoctorSetup {
  patient?: AccountNames;
  doctor?: AccountNames;
  /** Directory details for the doctor (specialty, location, fee…), set through the API. */
  doctorProfile?: Record<string, unknown>;
  /** With doctorProfile: the doctor's hours (all day, every day, unless given; null for none). */
  hours?: typeof ALL_DAY_HOURS | null;
  /** The patient shares their record with the doctor (a care link). */
  linked?: boolean;
  /** How each page is opened: openSharedPage unless given (video visits need camera pages). */
  openPage?: (browser: Browser) => Promise<Page>;
}

/**
 * Opens a page for each of the two and signs both up through the API (not signed in: each spec
 * signs in whom it needs, when it needs). Close them with closePages.
 */
export async function openPatientAndDoctor(
  browser: Browser,
  setup: PatientAndDoctorSetup = {},
): Promise<PatientAndDoctor> {
  const openPage = setup.openPage ?? ((b: Browser) => openSharedPage(b));
  const patientPage = await openPage(browser);
  const doctorPage = await openPage(browser);
  const doctor = await createAccountViaApi(doctorPage.request, 'doctor', setup.doctor);
  const patient = await createAccountViaApi(patientPage.request, 'patient', setup.patient);
  if (setup.doctorProfile) {
    await prepareDoctor(doctorPage.request, doctor, setup.doctorProfile, setup.hours);
  }
  if (setup.linked) await shareWithDoctor(patientPage, patient, doctor);
  return { patient, doctor, patientPage, doctorPage };
}

/** Closes each page's browser context (its session and cookies go with it). */
export async function closePages(...pages: Page[]): Promise<void> {
  for (const page of pages) await page.context().close();
}
