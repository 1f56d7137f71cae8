/**
 * Row types as the database hands them to Kysely. Instants are ISO-8601 strings on both dialects
 * (see database.ts); SQLite booleans arrive as 0/1 and the repos turn them into booleans.
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { MeasurementKind, UserType } from '@tend/shared';

export interface SubscriptionsTable {
  id: string;
  email: string;
  email_normalized: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  password_hash: string;
  user_type: UserType;
  firstname: string;
  lastname: string;
  dateofbirth: string | null;
  bloodgroup: 'A' | 'AB' | 'B' | 'O' | null;
  number: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  timezone: Generated<string>;
  /** How measurements are shown to this person (migration 0021). */
  units: Generated<'metric' | 'us'>;
  language: Generated<'en' | 'es'>;
  /** Kept by triggers (migration 0014): changes whenever the person's medication list does. */
  medications_version: Generated<number>;
  specialty: string | null;
  years_of_experience: number | null;
  consultation_fee_cents: number | null;
  location: string | null;
  bio: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AvatarsTable {
  user_id: string;
  content_type: string;
  data: Uint8Array;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  last_used_at: string | null;
}

export interface TwoStepTable {
  user_id: string;
  secret_encrypted: string;
  created_at: string;
  enabled_at: string | null;
  last_step: number | null;
}

export interface TwoStepRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TwoStepChallengesTable {
  id: string;
  user_id: string;
  purpose: 'sign_in' | 'setup';
  token_hash: string;
  failures: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditEventsTable {
  id: string;
  actor_id: string | null;
  /** The actor's name and role when they acted (migration 0015); null for events without an actor. */
  actor_firstname: string | null;
  actor_lastname: string | null;
  actor_role: UsersTable['user_type'] | null;
  action: string;
  subject_id: string | null;
  ip: string | null;
  created_at: string;
  /**
   * The hash chain (migration 0025, docs/decisions/045): written by the insert only (defaults of ''
   * and 0 stand for a row written by hand, which the verification finds), never updated.
   */
  chain_id: ColumnType<string, string | undefined, never>;
  seq: ColumnType<number, number | undefined, never>;
  prev_hash: ColumnType<string, string | undefined, never>;
  hash: ColumnType<string, string | undefined, never>;
}

/** The last link of each chain, locked by the insert that extends it. */
export interface AuditChainHeadsTable {
  chain_id: string;
  seq: number;
  hash: string;
  /** Of the last event: a later one is never recorded as earlier. */
  created_at: string;
}

/** A chain whose events up to `through_seq` an account's deletion removed; the only deletions allowed. */
export interface AuditErasuresTable {
  chain_id: string;
  through_seq: number;
  through_hash: string;
  erased_at: string;
}

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

/** One key's fixed window of rate-limit or failed-sign-in counts (when no Redis is configured). */
export interface CountersTable {
  key: string;
  count: number;
  expires_at: string;
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

export interface EventsTable {
  id: Generated<number>;
  user_id: string;
  type: 'message' | 'notification' | 'appointment' | 'signal';
  /** JSON text. */
  data: string;
  created_at: string;
}

export interface EventRetentionTable {
  name: string;
  pruned_through: number;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind:
    | 'appointment'
    | 'message'
    | 'report'
    | 'reminder'
    | 'dose_reminder'
    | 'visit_reminder'
    | 'prescription'
    | 'measurement';
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
  /** A dose reminder's action (reminder_actions.id); null for every other notification. */
  reminder_id: string | null;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed' | 'dropped';

/** A background job (see jobs/). */
export interface JobsTable {
  id: string;
  /** Unique: planning the same job twice is a no-op. */
  key: string;
  kind: string;
  /** The medication or appointment it is about, so a change can cancel it; null for others. */
  subject: string | null;
  run_at: string;
  /** JSON text. */
  payload: string;
  state: JobState;
  attempts: Generated<number>;
  /** The last failure's kind and code, never its message. */
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationSettingsTable {
  user_id: string;
  /** 0/1 on SQLite. */
  email: boolean | number;
  push: boolean | number;
  /** HH:MM in the person's time zone. */
  day: string;
  afternoon: string;
  night: string;
  updated_at: string;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** What a dose reminder's token acts on; only the token's hash is kept. */
export interface ReminderActionsTable {
  id: string;
  token_hash: string;
  patient_id: string;
  medication_id: string;
  date: string;
  expires_at: string;
  created_at: string;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
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

/** The address a person confirmed; their email is confirmed while it equals users.email_normalized. */
export interface EmailConfirmationsTable {
  user_id: string;
  email_normalized: string;
  confirmed_at: string;
}

/** A single-use emailed link (password reset, address confirmation); only the token's hash is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'password_reset' | 'email_verification' | 'email_change';
  token_hash: string;
  /** The address the link was sent to. */
  email_normalized: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** email_change only: the new address as typed, which the account takes when the link is opened. */
  email: string | null;
}

/** A finished backup (scheduled into BACKUP_DIR, or made with npm run backup). */
export interface BackupsTable {
  id: string;
  kind: 'scheduled' | 'manual';
  /** A bare file name for scheduled backups; the path given for manual ones. */
  file: string;
  size: number;
  finished_at: string;
}

/** A person's secret calendar feed (docs/decisions/013): the address derives from feed_key and the server secret. */
export interface CalendarFeedsTable {
  user_id: string;
  feed_key: string;
  /** SHA-256 of the address's secret, hex: what a feed request is looked up by. */
  secret_hash: string;
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

export interface MeasurementsTable {
  id: string;
  patient_id: string;
  kind: MeasurementKind;
  /** Canonical unit; the systolic for blood pressure. */
  value: number;
  /** The diastolic for blood pressure; null otherwise. */
  value2: number | null;
  taken_at: string;
  note: string | null;
  recorded_by: string | null;
  created_at: string;
}

export interface MeasurementTargetsTable {
  patient_id: string;
  doctor_id: string;
  kind: MeasurementKind;
  low: number | null;
  high: number | null;
  updated_at: string;
}

export interface MeasurementBreachNoticesTable {
  doctor_id: string;
  patient_id: string;
  kind: MeasurementKind;
  day: string;
  created_at: string;
}

export type RollupSpan = 'day' | 'week' | 'month';

/**
 * One patient's readings of one kind in one of their days, ISO weeks or months (migration 0021): what a
 * series sums instead of the readings. Kept in the transaction of every write to measurements.
 */
export interface MeasurementRollupsTable {
  patient_id: string;
  kind: MeasurementKind;
  span: RollupSpan;
  /** The span's first calendar day, cut in `measurement_rollup_zones.timezone`. */
  day: string;
  n: number;
  total: number;
  low: number;
  high: number;
  /** The diastolic's count, sum, min and max (blood pressure); 0, 0, null, null otherwise. */
  n2: number;
  total2: number;
  low2: number | null;
  high2: number | null;
}

/** The time zone a patient's `measurement_rollups` are cut in; absent until first needed. */
export interface MeasurementRollupZonesTable {
  patient_id: string;
  timezone: string;
}

export interface Database {
  subscriptions: SubscriptionsTable;
  users: UsersTable;
  avatars: AvatarsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_erasures: AuditErasuresTable;
  medications: MedicationsTable;
  doses: DosesTable;
  care_links: CareLinksTable;
  availability: AvailabilityTable;
  appointments: AppointmentsTable;
  appointment_reviews: AppointmentReviewsTable;
  receipt_sequence: ReceiptSequenceTable;
  counters: CountersTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  reports: ReportsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  events: EventsTable;
  event_retention: EventRetentionTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
  notification_settings: NotificationSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_actions: ReminderActionsTable;
  server_keys: ServerKeysTable;
  email_confirmations: EmailConfirmationsTable;
  account_tokens: AccountTokensTable;
  backups: BackupsTable;
  calendar_feeds: CalendarFeedsTable;
  two_step: TwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_challenges: TwoStepChallengesTable;
  prescriptions: PrescriptionsTable;
  prescription_fills: PrescriptionFillsTable;
  pharmacies: PharmaciesTable;
  measurements: MeasurementsTable;
  measurement_targets: MeasurementTargetsTable;
  measurement_breach_notices: MeasurementBreachNoticesTable;
  measurement_rollups: MeasurementRollupsTable;
  measurement_rollup_zones: MeasurementRollupZonesTable;
}

/** A query runner: the database itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
