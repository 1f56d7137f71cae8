/**
 * Row types as the database hands them to Kysely. Instants are ISO-8601 strings on both dialects
 * (see database.ts); SQLite booleans arrive as 0/1 and the repos turn them into booleans.
 * The table types live by area under schema/; here they make up the Database, and every
 * repository imports them from here.
 */
import type { Kysely, Transaction } from 'kysely';
import type {
  UsersTable,
  AvatarsTable,
  DependentInvitationsTable,
  SessionsTable,
  RefreshTokensTable,
  TwoStepTable,
  TwoStepRecoveryCodesTable,
  TwoStepChallengesTable,
  EmailConfirmationsTable,
  AccountTokensTable,
} from './schema/accounts.ts';
import type { AuditEventsTable, AuditChainHeadsTable, AuditErasuresTable } from './schema/audit.ts';
import type {
  MedicationsTable,
  DosesTable,
  CareLinksTable,
  CaregiversTable,
  MissedDoseAlertsTable,
  AvailabilityTable,
  AppointmentsTable,
  AppointmentReviewsTable,
  ReceiptSequenceTable,
  ConversationsTable,
  MessagesTable,
  CalendarFeedsTable,
} from './schema/care.ts';
import type {
  FilesTable,
  FileChunksTable,
  ReportsTable,
  PrescriptionsTable,
  PrescriptionFillsTable,
  PharmaciesTable,
} from './schema/records.ts';
import type {
  MeasurementsTable,
  MeasurementTargetsTable,
  MeasurementBreachNoticesTable,
  MeasurementRollupsTable,
  MeasurementRollupZonesTable,
} from './schema/measurements.ts';
import type {
  CountersTable,
  EventsTable,
  EventRetentionTable,
  NotificationsTable,
  JobsTable,
  NotificationSettingsTable,
  PushSubscriptionsTable,
  ReminderActionsTable,
  ServerKeysTable,
  BackupsTable,
  SubscriptionsTable,
} from './schema/platform.ts';

export type * from './schema/accounts.ts';
export type * from './schema/audit.ts';
export type * from './schema/care.ts';
export type * from './schema/records.ts';
export type * from './schema/measurements.ts';
export type * from './schema/platform.ts';

export interface Database {
  subscriptions: SubscriptionsTable;
  users: UsersTable;
  avatars: AvatarsTable;
  dependent_invitations: DependentInvitationsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_erasures: AuditErasuresTable;
  medications: MedicationsTable;
  doses: DosesTable;
  care_links: CareLinksTable;
  caregivers: CaregiversTable;
  missed_dose_alerts: MissedDoseAlertsTable;
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
