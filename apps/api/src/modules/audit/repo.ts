import type { PageRequest } from '@tend/shared';
import type { OnBehalfArea } from '../../lib/acting-for.ts';
import type { Insertable } from 'kysely';
import type { AuditEventsTable, Executor } from '../../db/schema.ts';
import { precompilePerDialect } from '../../db/precompiled.ts';
import { newId } from '../../lib/ids.ts';
import { chainIdOf, linkHash, type ChainedFields } from '../../lib/audit-chain-hash.ts';
import { lockChainHeads, moveChainHeads, type ChainHead } from './chain-heads.ts';
import { byCreation, pageOf, toPage } from '../../lib/pagination.ts';

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
  | 'auth.signed_out_everywhere'
  | 'auth.refresh_reuse_detected'
  | 'account.password_changed'
  | 'account.email_changed'
  | 'account.deleted'
  | 'account.disabled'
  | 'account.enabled'
  | 'care_link.created'
  | 'care_link.ended'
  | 'medications.viewed'
  | 'patients.listed'
  | 'reports.listed'
  | 'report.viewed'
  | 'report.uploaded'
  | 'report.deleted'
  | 'account.two_step_enabled'
  | 'account.two_step_disabled'
  | 'account.recovery_codes_renewed'
  | 'account.session_ended'
  | 'auth.two_step_failed'
  | 'auth.recovery_code_used'
  | 'prescription.written'
  | 'prescriptions.listed'
  | 'prescription.viewed'
  | 'prescription.printed'
  | 'prescription.cancelled'
  | 'prescription.fill_preparing'
  | 'prescription.fill_ready'
  | 'prescription.dispensed'
  | 'prescription.fill_refused'
  | 'prescription.renewal_approved'
  | 'prescription.renewal_refused'
  | 'prescription.verified'
  | 'measurement.recorded'
  | 'measurement.deleted'
  | 'measurements.listed'
  | 'measurements.charted'
  | 'measurements.summarized'
  | 'measurement_targets.viewed'
  | 'measurement_targets.changed'
  | 'record.exported'
  | 'caregiver.invited'
  | 'caregiver.accepted'
  | 'caregiver.changed'
  | 'caregiver.ended'
  | 'dependent.added'
  | 'dependent.invited'
  | 'dependent.own_sign_in'
  | `caregiver.${OnBehalfArea}.${'viewed' | 'changed'}`;

/**
 * Inserts events in one statement. Each keeps its actor's name and role as they are now, so the
 * patient's log can still say who looked once the actor is renamed or gone.
 */
export async function insertAuditEvents(
  db: Executor,
  events: AuditEventInput[],
  now: Date,
): Promise<void> {
  await insertTimedAuditEvents(
    db,
    events.map((event) => ({ event, at: now })),
  );
}

/** Rows in one statement at most: far below either database's limit of bound values. */
const ROWS_PER_INSERT = 500;

const COLUMNS = [
  'id',
  'actor_id',
  'actor_firstname',
  'actor_lastname',
  'actor_role',
  'action',
  'subject_id',
  'ip',
  'created_at',
  'chain_id',
  'seq',
  'prev_hash',
  'hash',
] as const;
type AuditRow = ChainedFields & { hash: string };

/**
 * The insert of n rows, built and compiled once per n: every doctor's look writes one
 * (docs/decisions/041), and building it anew cost more than SQLite took to run it.
 */
function compileInsert(count: number) {
  const names = Array.from({ length: count }, (_, row) => COLUMNS.map((c) => `${c}${row}`)).flat();
  const run = precompilePerDialect(names, (db, p) =>
    db
      .insertInto('audit_events')
      .values(
        Array.from(
          { length: count },
          (_, row) =>
            Object.fromEntries(
              COLUMNS.map((c) => [c, p[`${c}${row}`]]),
            ) as unknown as Insertable<AuditEventsTable>,
        ),
      ),
  );
  // The rows' values under their parameters' names, whose strings are made once here.
  return (db: Executor, rows: AuditRow[]) => {
    const values: Record<string, unknown> = {};
    let name = 0;
    for (const row of rows) {
      for (const column of COLUMNS) values[names[name++] as string] = row[column];
    }
    return run(db, values);
  };
}

const inserts = new Map<number, ReturnType<typeof compileInsert>>();

function insertOf(count: number) {
  let insert = inserts.get(count);
  if (!insert) {
    insert = compileInsert(count);
    inserts.set(count, insert);
  }
  return insert;
}

const actorSelect = (db: Executor) =>
  db.selectFrom('users').select(['id', 'firstname', 'lastname', 'user_type']);
const oneActor = precompilePerDialect(['id'], (db, p) => actorSelect(db).where('id', '=', p.id));

/** The actors' names and roles as they are now; one actor (nearly always) by a compiled query. */
async function actorsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  if (ids.length > 1) return actorSelect(db).where('id', 'in', ids).execute();
  return (await oneActor(db, { id: ids[0] })).rows;
}

/**
 * Events of several moments (the looks of several requests, committed together) in as few
 * statements as there are hundreds of rows, with one read of their actors. Each event is linked
 * into its chain (lib/audit-chain-hash.ts) in this transaction, after the chain's head is locked, so chains
 * grow one link at a time whichever instance writes (docs/decisions/045).
 */
export async function insertTimedAuditEvents(
  db: Executor,
  timed: { event: AuditEventInput; at: Date }[],
): Promise<void> {
  if (timed.length === 0) return;
  const events = timed.map((t) => t.event);
  // Read once for all the rows, which are mostly one actor's (a list of patients is a row each).
  const actorIds = [...new Set(events.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
  const actors = new Map((await actorsOf(db, actorIds)).map((u) => [u.id, u]));
  const chainIds = events.map((e) =>
    chainIdOf({ subject_id: e.subjectId ?? null, actor_id: e.actorId }),
  );
  const heads = await lockChainHeads(db, chainIds);
  const rows: AuditRow[] = timed.map(({ event, at }, i) => {
    const actor = event.actorId ? actors.get(event.actorId) : undefined;
    const chainId = chainIds[i] as string;
    const head = heads.get(chainId) as ChainHead;
    // Events join a chain in the order they commit, which can differ from the order of their
    // moments by the wait for a lock (or two instances' clocks): a link is never earlier than the
    // one before it, so the chain reads forward in time.
    const iso = at.toISOString();
    const fields: ChainedFields = {
      chain_id: chainId,
      seq: head.seq + 1,
      id: newId(),
      actor_id: event.actorId,
      actor_firstname: actor?.firstname ?? null,
      actor_lastname: actor?.lastname ?? null,
      actor_role: actor?.user_type ?? null,
      action: event.action,
      subject_id: event.subjectId ?? null,
      ip: event.ip ?? null,
      created_at: iso > head.created_at ? iso : head.created_at,
      prev_hash: head.hash,
    };
    const row = { ...fields, hash: linkHash(fields) };
    heads.set(chainId, {
      chain_id: chainId,
      seq: row.seq,
      hash: row.hash,
      created_at: row.created_at,
    });
    return row;
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const slice = rows.slice(start, start + ROWS_PER_INSERT);
    await insertOf(slice.length)(db, slice);
  }
  await moveChainHeads(db, [...heads.values()]);
}

/**
 * The latest moment since `since` at which `actorId` did anything recorded to each of `subjectIds`
 * (a look, mostly), for the live refreshes' rule (live-looks.ts); subjects with none are absent.
 */
export async function latestEventsOfActorOn(
  db: Executor,
  actorId: string,
  subjectIds: readonly string[],
  since: Date,
): Promise<Map<string, number>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit_events')
    .select(['subject_id', (eb) => eb.fn.max('created_at').as('latest')])
    .where('actor_id', '=', actorId)
    .where('created_at', '>=', since.toISOString())
    .where('subject_id', 'in', [...subjectIds])
    .groupBy('subject_id')
    .execute();
  const latest = new Map<string, number>();
  for (const row of rows) {
    if (row.subject_id !== null) latest.set(row.subject_id, Date.parse(String(row.latest)));
  }
  return latest;
}

export function listAuditEventsByActor(db: Executor, actorId: string) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('actor_id', '=', actorId)
    .orderBy('created_at', 'asc')
    .execute();
}

/**
 * An account's own trail goes with it when it is deleted: everything about it (a patient's access
 * log) and everything it did to itself (sign-ins) — its chain, `subject_id = user` or
 * `actor_id = user and subject_id is null`. What it did to another person's data stays in that
 * person's chain, under the name and role kept with each event. The erasure is noted first: the
 * database refuses to delete an audit row of a chain not erased up to that row (migration 0025).
 * The head stays, so what the chain records after (the deletion itself) links on to it.
 */
export async function eraseAuditChainOf(db: Executor, userId: string, now: Date): Promise<void> {
  const head = (await lockChainHeads(db, [userId])).get(userId);
  if (!head || head.seq === 0) return;
  await db
    .insertInto('audit_erasures')
    .values({
      chain_id: userId,
      through_seq: head.seq,
      through_hash: head.hash,
      erased_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.column('chain_id').doUpdateSet({
        through_seq: head.seq,
        through_hash: head.hash,
        erased_at: now.toISOString(),
      }),
    )
    .execute();
  await db.deleteFrom('audit_events').where('chain_id', '=', userId).execute();
}

const newestFirst = byCreation('audit_events', 'desc');

/**
 * One page of who other than the patient acted on the patient's data, newest first. A route that
 * shows audit rows must say `config: { keepAnswers: 'with-audit-trail' }`: looks move only the
 * audit trail's part of the change stamp (docs/decisions/036, 039), so an answer kept under the
 * rest would not show new ones.
 */
export async function listAccessToPatient(db: Executor, patientId: string, page: PageRequest) {
  const query = db
    .selectFrom('audit_events')
    .select([
      'audit_events.id',
      'audit_events.action',
      'audit_events.actor_id',
      'audit_events.created_at',
      'audit_events.actor_firstname as firstname',
      'audit_events.actor_lastname as lastname',
      'audit_events.actor_role as user_type',
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
