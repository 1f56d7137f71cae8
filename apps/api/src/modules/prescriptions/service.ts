import type { PrescriptionContext } from './context.ts';
import { fillService } from './fills.ts';
import { readingService } from './reading.ts';
import { refillService } from './refills.ts';
import { renewalService } from './renewals.ts';
import { sendingService } from './sending.ts';
import { writingService } from './writing.ts';

export type { PrescriptionContext, PrescriptionNotice } from './context.ts';

/**
 * Prescriptions a doctor writes for a patient who shares with them and the patient sends to a
 * pharmacy. The patient, the doctor who wrote it and the pharmacy it was sent to see it (the
 * prescriber keeps seeing what they wrote after a link ends, so they can still cancel it); everyone
 * else gets 404. Every look by the doctor or the pharmacy is in the patient's access log. Each role
 * is checked by name: no branch reads "doctor, else patient", so a pharmacy never falls into one.
 */
export function createPrescriptionService(ctx: PrescriptionContext) {
  return {
    ...readingService(ctx),
    ...writingService(ctx),
    ...sendingService(ctx),
    ...fillService(ctx),
    ...refillService(ctx),
    ...renewalService(ctx),
  };
}

export type PrescriptionService = ReturnType<typeof createPrescriptionService>;
