import type { AccessClaims } from './access-claims.ts';
import { isActingFor } from './acting-for.ts';
import { AppError } from './app-error.ts';

const NOT_SHARED = 'There is no such patient among those who share with you.';
const CHOOSE = 'Choose a patient who shares with you.';

/** What a caller who may not reach the named patient is told (also by the routes' gates). */
export const noSuchPatient = () =>
  new AppError(404, 'not_found', NOT_SHARED, { patientId: NOT_SHARED });

/**
 * Whose record a call is about: a patient's own (naming anyone else is a 404, but for a caregiver
 * whom the route's gate admitted for that patient); for a doctor, the patient named by
 * `patientId`, while that patient shares with them. Anyone else: 403.
 */
export async function patientAsked(
  claims: AccessClaims,
  patientId: string | undefined,
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>,
): Promise<string> {
  if (claims.role === 'patient') {
    if (patientId === undefined || patientId === claims.userId) return claims.userId;
    if (isActingFor(patientId, claims.userId)) return patientId;
    throw noSuchPatient();
  }
  if (claims.role === 'doctor') {
    if (patientId === undefined) {
      throw new AppError(400, 'patient_required', CHOOSE, { patientId: CHOOSE });
    }
    if (!(await isLinked(patientId, claims.userId))) throw noSuchPatient();
    return patientId;
  }
  throw new AppError(403, 'wrong_role', 'This is only for patients and doctors.');
}
