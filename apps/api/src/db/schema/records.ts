/**
 * A patient's records: stored files and reports, prescriptions and their fills at pharmacies. Row
 * types; ../schema.ts assembles the Database from them.
 */
import type { ColumnType } from 'kysely';

/** A stored file's head row; its bytes are in file_chunks (see storage/). */
export interface FilesTable {
  id: string;
  size: number;
  created_at: string;
}

export interface FileChunksTable {
  file_id: string;
  /** 0, 1, 2, … in file order. */
  seq: number;
  data: Uint8Array;
}

export interface ReportsTable {
  id: string;
  patient_id: string;
  /** null once the uploader's account was deleted. */
  uploaded_by: string | null;
  file_id: string;
  title: string;
  filename: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';
  size: number;
  created_at: string;
}

/** A prescription (migration 0019); `expires_at` is the end of `valid_until` in the patient's zone. */
export interface PrescriptionsTable {
  id: string;
  code: string;
  patient_id: string;
  doctor_id: string;
  pharmacy_id: string | null;
  medication_name: string;
  medication_strength: string;
  medication_form: string;
  dose_amount_milli: number;
  dose_unit: string;
  times_of_day: string;
  quantity: number;
  refills: number;
  valid_until: string;
  expires_at: string;
  instructions: string;
  note: string | null;
  status: 'active' | 'completed' | 'cancelled' | 'expired';
  cancel_reason: string | null;
  cancelled_at: string | null;
  /** A renewal the patient asked for once no refills were left, and the doctor's answer (0020). */
  renewal_status: ColumnType<
    'requested' | 'approved' | 'refused' | null,
    'requested' | 'approved' | 'refused' | null | undefined
  >;
  renewal_reason: ColumnType<string | null, string | null | undefined>;
  renewal_requested_at: ColumnType<string | null, string | null | undefined>;
  renewal_decided_at: ColumnType<string | null, string | null | undefined>;
  /** The prescription an approved renewal wrote. */
  renewed_as_id: ColumnType<string | null, string | null | undefined>;
  created_at: string;
  updated_at: string;
}

export interface PrescriptionFillsTable {
  id: string;
  prescription_id: string;
  number: number;
  pharmacy_id: string | null;
  status: 'requested' | 'preparing' | 'ready' | 'dispensed' | 'refused';
  reason: string | null;
  dispensed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A pharmacy's details (migration 0018); name_key and city_key are the lower-case search keys. */
export interface PharmaciesTable {
  user_id: string;
  name: string;
  name_key: string;
  licence_number: string;
  address: string;
  city: string;
  city_key: string;
  postcode: string;
  country: string;
  phone: string;
  opening_hours: string;
  created_at: string;
  updated_at: string;
}
