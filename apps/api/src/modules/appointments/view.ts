import type { Appointment } from '@tend/shared';
import { avatarUrl } from '../../lib/avatar-url.ts';
import type { VisitRow } from './view-repo.ts';

const money = (cents: number | null) => (cents === null ? null : cents / 100);

/** A visit as its two people see it; its amounts are in the clinic's `currency`. */
export function toAppointment(row: VisitRow, currency: string): Appointment {
  return {
    _id: row.id,
    patient: {
      _id: row.patient_id,
      firstname: row.patient_firstname,
      lastname: row.patient_lastname,
      avatarUrl: avatarUrl(row.patient_id, row.patient_avatar_at ?? undefined),
      email: row.patient_email,
      number: row.patient_number,
    },
    doctor: {
      _id: row.doctor_id,
      firstname: row.doctor_firstname,
      lastname: row.doctor_lastname,
      avatarUrl: avatarUrl(row.doctor_id, row.doctor_avatar_at ?? undefined),
      specialty: row.doctor_specialty,
      location: row.doctor_location,
      yearsofexperience: row.doctor_years_of_experience,
      consultationfee: money(row.doctor_consultation_fee_cents),
      currency,
      bio: row.doctor_bio,
    },
    start: row.start_at,
    end: row.end_at,
    type: row.type,
    purpose: row.purpose,
    status: row.status,
    fee: money(row.fee_cents),
    paid: row.paid_at !== null,
    paidat: row.paid_at,
    paidamount: money(row.paid_amount_cents),
    currency,
    paymentmethod: row.payment_method,
    receiptnumber: row.receipt_number,
    cancelledby: row.cancelled_by,
    cancelreason: row.cancel_reason,
    followup: row.followup,
    notes: row.notes,
    review:
      row.review_id !== null &&
      row.review_rating !== null &&
      row.review_recommend !== null &&
      row.review_comment !== null &&
      row.review_created_at !== null
        ? {
            _id: row.review_id,
            rating: row.review_rating,
            recommend: Boolean(row.review_recommend),
            comment: row.review_comment,
            createdAt: row.review_created_at,
          }
        : null,
    createdAt: row.created_at,
  };
}
