/**
 * The care of patients by doctors: medications and doses, care links, appointments, messages,
 * calendar feeds. Row types; ../schema.ts assembles the Database from them.
 */
import type { ColumnType } from 'kysely';

export interface MedicationsTable {
  id: string;
  patient_id: string;
  name: string;
  description: string | null;
  dosage: string | null;
  note: string | null;
  startdate: string;
  enddate: string | null;
  timefrequency: 'day' | 'afternoon' | 'night';
  /** The prescription a dispensing added it from (migration 0020); null for one the patient added. */
  prescription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whole units dispensed for this time of day's doses; null when not from a dispensing. */
  supply: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface DosesTable {
  medication_id: string;
  date: string;
  /** 0/1 on SQLite. */
  taken: boolean | number;
  recorded_at: string;
}

export interface CareLinksTable {
  id: string;
  patient_id: string;
  doctor_id: string;
  created_at: string;
}

export interface AvailabilityTable {
  doctor_id: string;
  timezone: string;
  slot_minutes: number;
  /** JSON: [{ weekday, start, end }]. */
  weekly: string;
  /** JSON: ["YYYY-MM-DD", …]. */
  days_off: string;
  updated_at: string;
}

export interface AppointmentsTable {
  id: string;
  patient_id: string;
  doctor_id: string;
  start_at: string;
  end_at: string;
  type: 'in_person' | 'online';
  purpose: string;
  status: 'requested' | 'accepted' | 'completed' | 'cancelled';
  fee_cents: number | null;
  paid_at: string | null;
  paid_amount_cents: number | null;
  payment_method: 'cash' | 'card' | 'insurance' | 'other' | null;
  receipt_number: string | null;
  cancelled_by: 'patient' | 'doctor' | null;
  cancel_reason: string | null;
  followup: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** The video room of an online visit (128 random bits, base64url); null until first asked for. */
  visit_room_id: string | null;
}

export interface AppointmentReviewsTable {
  id: string;
  appointment_id: string;
  doctor_id: string;
  patient_id: string;
  rating: number;
  /** 0/1 on SQLite. */
  recommend: boolean | number;
  comment: string;
  created_at: string;
}

export interface ReceiptSequenceTable {
  id: string;
  last_number: number;
}

export interface ConversationsTable {
  id: string;
  patient_id: string;
  doctor_id: string;
  created_at: string;
  /** The last message's time, or the opening's while there is none. */
  active_at: string;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: string;
  /** When the recipient marked the conversation read; null while unread. */
  read_at: string | null;
}

/** A person's secret calendar feed (docs/decisions/013): the address derives from feed_key and the server secret. */
export interface CalendarFeedsTable {
  user_id: string;
  feed_key: string;
  /** SHA-256 of the address's secret, hex: what a feed request is looked up by. */
  secret_hash: string;
  created_at: string;
}

/** A patient's caregiver, invited by address and, once accepted, named (migration 0026). */
export interface CaregiversTable {
  id: string;
  patient_id: string;
  caregiver_id: string | null;
  email: string;
  email_normalized: string;
  /** Comma-separated CAREGIVER_AREAS, in their order. */
  areas: string;
  /** 0/1 on SQLite. */
  alert_missed_doses: boolean | number;
  alert_delay_minutes: number;
  status: 'invited' | 'active';
  token_hash: string | null;
  expires_at: string | null;
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A missed-dose alert sent: one per caregiver relation, medication and day (migration 0026). */
export interface MissedDoseAlertsTable {
  caregiver_link_id: string;
  medication_id: string;
  day: string;
  sent_at: string;
}
