import type { Page } from '@playwright/test';
import { addDays, type Prescription } from '@tend/shared';
import { expect } from '../fixtures.ts';
import type { ApiAccount } from './api-accounts.ts';
import { apiAs } from './appointments.ts';
import { pharmacyApi, type PharmacyAccount } from './pharmacy.ts';

/** A month and a half ahead: inside the year a prescription may run, in any time zone. */
export const VALID_UNTIL = addDays(new Date().toISOString().slice(0, 10), 45);

/**
 * The doctor writes the patient a prescription through the API: 500 mg tablets, one at day and one
 * at night, 60 of them, valid until VALID_UNTIL, with two refills unless told.
 */
export async function prescribeViaApi(
  doctorPage: Page,
  doctor: ApiAccount,
  patient: ApiAccount,
  name: string,
  refills = 2,
): Promise<Prescription> {
  const api = await apiAs(doctorPage.request, doctor);
  const res = await api.post('/prescriptions', {
    patientId: patient.id,
    medication: { name, strength: '500 mg', form: 'tablet' },
    dose: { amount: 1, unit: 'tablet', timesofday: ['day', 'night'] },
    quantity: 60,
    refills,
    validuntil: VALID_UNTIL,
    instructions: 'Take with food, at breakfast and dinner.',
    note: 'Kidney function checked in February.',
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Prescription;
}

/**
 * Through the API, the patient sends the prescription to the pharmacy, which prepares it, has it
 * ready and hands it over: its first fill is dispensed, and its medications are on the patient's list.
 */
export async function dispenseViaApi(
  patientPage: Page,
  patient: ApiAccount,
  pharmacyPage: Page,
  pharmacy: PharmacyAccount,
  prescriptionId: string,
): Promise<void> {
  const asPatient = await apiAs(patientPage.request, patient);
  const sent = await asPatient.post(`/prescriptions/${prescriptionId}/send`, {
    pharmacyId: pharmacy.id,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const asPharmacy = await pharmacyApi(pharmacyPage.request, pharmacy);
  for (const status of ['preparing', 'ready', 'dispensed']) {
    const step = await asPharmacy.post(`/prescriptions/${prescriptionId}/fills/current`, {
      status,
    });
    expect(step.status(), await step.text()).toBe(200);
  }
}
