import {
  groupPrescriptionCode,
  refillsLeft,
  type Fill,
  type Prescription,
  type PrescriptionStatus,
  type Renewal,
} from '@tend/shared';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { timesOfDay } from '../../lib/times-of-day.ts';
import type { FillRow, PrescriptionRow } from './repo.ts';

/** Stored 'active' past its end reads as expired: no job has to run at midnight (docs/decisions/025). */
export function statusAt(row: Pick<PrescriptionRow, 'status' | 'expires_at'>, now: Date) {
  const expired = row.status === 'active' && Date.parse(row.expires_at) <= now.getTime();
  return (expired ? 'expired' : row.status) satisfies PrescriptionStatus;
}

function toFill(f: FillRow): Fill {
  return {
    _id: f.id,
    number: f.number,
    pharmacy:
      f.pharmacy_id &&
      f.pharmacy_firstname !== null &&
      f.pharmacy_lastname !== null &&
      f.pharmacy_name !== null
        ? {
            _id: f.pharmacy_id,
            name: f.pharmacy_name,
            firstname: f.pharmacy_firstname,
            lastname: f.pharmacy_lastname,
            avatarUrl: avatarUrl(f.pharmacy_id, f.pharmacy_avatar_at ?? undefined),
          }
        : null,
    status: f.status,
    reason: f.reason,
    createdAt: f.created_at,
    updatedAt: f.updated_at,
    dispensedAt: f.dispensed_at,
  };
}

function toRenewal(r: PrescriptionRow): Renewal | null {
  if (r.renewal_status === null || r.renewal_requested_at === null) return null;
  return {
    status: r.renewal_status,
    reason: r.renewal_reason,
    requestedAt: r.renewal_requested_at,
    decidedAt: r.renewal_decided_at,
    prescriptionId: r.renewed_as_id,
  };
}

/** Who reads a prescription: its patient, its doctor or the pharmacy it was sent to. */
export type Viewer = 'patient' | 'doctor' | 'pharmacy';

/**
 * The answer for `viewer`. The doctor's note is for the pharmacist and is left out for the patient
 * (docs/decisions/025); what the patient needs to take it is in `instructions`. A pharmacy reads of
 * the patient only what the prescription prints (name and date of birth), so not their picture.
 */
export function toPrescription(
  r: PrescriptionRow,
  fills: FillRow[],
  viewer: Viewer,
  now: Date,
): Prescription {
  return {
    _id: r.id,
    code: groupPrescriptionCode(r.code),
    status: statusAt(r, now),
    patient: {
      _id: r.patient_id,
      firstname: r.patient_firstname,
      lastname: r.patient_lastname,
      avatarUrl:
        viewer === 'pharmacy' ? null : avatarUrl(r.patient_id, r.patient_avatar_at ?? undefined),
      dateofbirth: r.patient_dateofbirth,
    },
    doctor: {
      _id: r.doctor_id,
      firstname: r.doctor_firstname,
      lastname: r.doctor_lastname,
      avatarUrl: avatarUrl(r.doctor_id, r.doctor_avatar_at ?? undefined),
      specialty: r.doctor_specialty,
    },
    pharmacy:
      r.pharmacy_id &&
      r.pharmacy_firstname !== null &&
      r.pharmacy_lastname !== null &&
      r.pharmacy_name !== null
        ? {
            _id: r.pharmacy_id,
            name: r.pharmacy_name,
            firstname: r.pharmacy_firstname,
            lastname: r.pharmacy_lastname,
            avatarUrl: avatarUrl(r.pharmacy_id, r.pharmacy_avatar_at ?? undefined),
          }
        : null,
    medication: {
      name: r.medication_name,
      strength: r.medication_strength,
      form: r.medication_form,
    },
    dose: {
      amount: r.dose_amount_milli / 1000,
      unit: r.dose_unit,
      timesofday: timesOfDay(r.times_of_day),
    },
    quantity: r.quantity,
    refills: r.refills,
    // What can still be asked for: a refill asked for is no longer left (issue 46 item 2).
    refillsleft: refillsLeft(r.refills, fills),
    validuntil: r.valid_until,
    instructions: r.instructions,
    ...(viewer === 'patient' ? {} : { note: r.note }),
    fills: fills.map(toFill),
    renewal: toRenewal(r),
    cancelreason: r.cancel_reason,
    createdAt: r.created_at,
  };
}
