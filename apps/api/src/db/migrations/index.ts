import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import * as m0001 from './0001-subscriptions.ts';
import * as m0002 from './0002-accounts.ts';
import * as m0003 from './0003-medications-and-care.ts';
import * as m0004 from './0004-counters.ts';
import * as m0005 from './0005-list-order-indexes.ts';
import * as m0006 from './0006-appointments.ts';
import * as m0007 from './0007-reports.ts';
import * as m0008 from './0008-events-and-notifications.ts';
import * as m0009 from './0009-messaging.ts';
import * as m0010 from './0010-visit-rooms.ts';
import * as m0011 from './0011-jobs-and-reminders.ts';
import * as m0012 from './0012-calendar-feeds.ts';
import * as m0013 from './0013-account-recovery-and-backups.ts';
import * as m0014 from './0014-medication-list-versions.ts';
import * as m0015 from './0015-audit-actor-snapshot.ts';
import * as m0016 from './0016-email-change-links.ts';
import * as m0017 from './0017-two-step-and-devices.ts';
import * as m0018 from './0018-pharmacies.ts';
import * as m0019 from './0019-prescriptions.ts';
import * as m0020 from './0020-fills-and-renewals.ts';
import * as m0021 from './0021-measurements.ts';
import * as m0022 from './0022-language.ts';
import * as m0023 from './0023-change-stamp.ts';
import * as m0024 from './0024-audit-subject-index-once.ts';
import * as m0025 from './0025-audit-hash-chain.ts';
import * as m0026 from './0026-caregivers.ts';
import * as m0027 from './0027-dependents.ts';
import * as m0028 from './0028-diastolic-targets.ts';

interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * The one ordered migration list for both dialects. Names sort in the order they run. Migrations only
 * move forward (DESIGN.md "Data safety"): none has a down step, and none may drop data.
 */
export const migrations: Record<string, MigrationModule> = {
  '0001-subscriptions': m0001,
  '0002-accounts': m0002,
  '0003-medications-and-care': m0003,
  '0004-counters': m0004,
  '0005-list-order-indexes': m0005,
  '0006-appointments': m0006,
  '0007-reports': m0007,
  '0008-events-and-notifications': m0008,
  '0009-messaging': m0009,
  '0010-visit-rooms': m0010,
  '0011-jobs-and-reminders': m0011,
  '0012-calendar-feeds': m0012,
  '0013-account-recovery-and-backups': m0013,
  '0014-medication-list-versions': m0014,
  '0015-audit-actor-snapshot': m0015,
  '0016-email-change-links': m0016,
  '0017-two-step-and-devices': m0017,
  '0018-pharmacies': m0018,
  '0019-prescriptions': m0019,
  '0020-fills-and-renewals': m0020,
  '0021-measurements': m0021,
  '0022-language': m0022,
  '0023-change-stamp': m0023,
  '0024-audit-subject-index-once': m0024,
  '0025-audit-hash-chain': m0025,
  '0026-caregivers': m0026,
  '0027-dependents': m0027,
  '0028-diastolic-targets': m0028,
};
