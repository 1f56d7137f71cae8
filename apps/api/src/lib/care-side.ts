import type { UserType } from '@tend/shared';
import { AppError } from './app-error.ts';

/** The two sides of a patient's care; a pharmacy is on neither. */
export type CareSide = Exclude<UserType, 'pharmacy'>;

/**
 * A role as a side of care, for the services that pick "the patient's column or the doctor's". The
 * routes' gates already refuse a pharmacy (app.ts, gatesAtMost); this keeps a pharmacy from ever
 * being read as a patient by a branch written "doctor, else patient", should a new path reach one.
 */
export function careSideOf(role: UserType): CareSide {
  if (role === 'pharmacy') {
    throw new AppError(403, 'wrong_role', 'This is only for patients and doctors.');
  }
  return role;
}
