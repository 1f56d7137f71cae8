import { AsyncLocalStorage } from 'node:async_hooks';
import type { CaregiverArea } from '@tend/shared';

/**
 * What a gate admits a caregiver for: an area the patient gave them, or `dependent`, the keeping of
 * a dependent's own record (their medication list, who they share it with) that only the one who
 * looks after them can do while they have no sign-in of their own (docs/decisions/051).
 */
export type OnBehalfArea = CaregiverArea | 'dependent';

/** A caregiver's request on a patient's behalf, as its gate admitted it (plugins/gates.ts). */
export interface OnBehalf {
  patientId: string;
  caregiverId: string;
  /** The area the route belongs to, which the patient gave the caregiver. */
  area: OnBehalfArea;
  /** Every area the patient gave (and `dependent` for a dependent), when the gate asked. */
  areas: readonly OnBehalfArea[];
}

const actingFor = new AsyncLocalStorage<OnBehalf>();

/**
 * Runs the rest of a request (`next`) as the caregiver's on the patient's behalf, so the services
 * that decide whose record a call is about (patient-asked.ts) and the access log (which the gate
 * already wrote for this request) know it without asking again.
 */
export function runOnBehalf(onBehalf: OnBehalf, next: () => void): void {
  actingFor.run(onBehalf, next);
}

/** The caregiver admission of the request running now, if its gate admitted one. */
export function onBehalfNow(): OnBehalf | undefined {
  return actingFor.getStore();
}

/** Whether the request running now was admitted for this caregiver acting for this patient. */
export function isActingFor(patientId: string, caregiverId: string): boolean {
  const now = actingFor.getStore();
  return now !== undefined && now.patientId === patientId && now.caregiverId === caregiverId;
}
