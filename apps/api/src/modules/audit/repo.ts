import type { PageRequest } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import {
  instantColumn,
  pageOf,
  textColumn,
  toPage,
  type KeysetOrder,
} from '../../lib/pagination.ts';

export interface AuditEventInput {
  actorId: string | null;
  action: AuditAction;
  subjectId?: string | null;
  ip?: string | null;
}

/** What is recorded: who did what to whose data, when, from where. Never passwords, tokens or health data. */
export type AuditAction =
  | 'account.registered'
  | 'auth.sign_in_succeeded'
  | 'auth.sign_in_failed'
  | 'auth.signed_out'
  | 'auth.refresh_reuse_detected'
  | 'account.password_changed'
  | 'account.email_changed'
  | 'account.deleted'
  | 'account.disabled'
  | 'account.enabled'
  | 'care_link.created'
  | 'care_link.ended'
  | 'medications.viewed'
  | 'reports.listed'
  | 'report.viewed'
  | 'report.uploaded'
  | 'report.deleted';

export async function insertAuditEvent(
  db: Executor,
  event: AuditEventInput,
  now: Date,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: newId(),
      actor_id: event.actorId,
      action: event.action,
      subject_id: event.subjectId ?? null,
      ip: event.ip ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

export function listAuditEventsByActor(db: Executor, actorId: string) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('actor_id', '=', actorId)
    .orderBy('created_at', 'asc')
    .execute();
}

/** An account's own trail goes with it when it is deleted. */
export async function deleteAuditEventsOf(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('audit_events')
    .where((eb) => eb.or([eb('actor_id', '=', userId), eb('subject_id', '=', userId)]))
    .execute();
}

const newestFirst: KeysetOrder<{ id: string; created_at: string }> = {
  columns: [instantColumn('audit_events.created_at'), textColumn('audit_events.id')],
  direction: 'desc',
  keyOf: (r) => [r.created_at, r.id],
};

/** One page of who other than the patient acted on the patient's data, newest first. */
export async function listAccessToPatient(db: Executor, patientId: string, page: PageRequest) {
  const query = db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_id')
    .select([
      'audit_events.id',
      'audit_events.action',
      'audit_events.actor_id',
      'audit_events.created_at',
      'users.firstname',
      'users.lastname',
      'users.user_type',
    ])
    .where('audit_events.subject_id', '=', patientId)
    .where((eb) =>
      eb.or([
        eb('audit_events.actor_id', 'is', null),
        eb('audit_events.actor_id', '!=', patientId),
      ]),
    );
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}
