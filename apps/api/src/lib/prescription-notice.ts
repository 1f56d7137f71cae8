import type { FillStep } from '@tend/shared';

/**
 * A change to a prescription, as the prescriptions module announces it inside the change's
 * transaction (the notifications module tells whom it concerns): the one shape both sides speak.
 */
export interface PrescriptionNotice {
  prescriptionId: string;
  patientId: string;
  doctorId: string;
  medication: string;
  /**
   * written, cancelled, fill, renewal_approved, renewal_refused: the patient is told; sent,
   * refill_requested: the pharmacy; renewal_requested: the doctor (and cancelled: the pharmacy too).
   */
  change:
    | 'written'
    | 'cancelled'
    | 'sent'
    | 'fill'
    | 'refill_requested'
    | 'renewal_requested'
    | 'renewal_approved'
    | 'renewal_refused';
  /** The pharmacy it was sent to (sent, refill_requested, fill; cancelled when it had one). */
  pharmacyId?: string | null;
  /**
   * Which fill (change 'fill', refill_requested): its number and the refills the prescription
   * allows, which name it ("Refill 1 of 2") in the reader's language (@tend/shared fillName).
   */
  fill?: { number: number; refills: number };
  /** The pharmacy it was moved away from (sent elsewhere): its queue follows live, unnotified. */
  previousPharmacyId?: string | null;
  /** The step a fill took (change 'fill'). */
  fillStatus?: FillStep;
  /** Why a fill or a renewal was refused. */
  reason?: string | null;
}
