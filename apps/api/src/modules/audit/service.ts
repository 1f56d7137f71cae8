import type { Executor } from '../../db/schema.ts';
import { onBehalfNow } from '../../lib/acting-for.ts';
import { groupCommit } from './group-commit.ts';
import { looksDueOnLiveRefresh, rememberLooks } from './live-looks.ts';
import { isLiveRefresh, noteAuditEvents } from './looks-of-request.ts';
import {
  eraseAuditChainOf,
  insertAuditEvents,
  listAccessToPatient,
  listAuditEventsByActor,
  type AuditEventInput,
} from './repo.ts';

export type { AuditAction, AuditEventInput } from './repo.ts';

const commits = new WeakMap<object, ReturnType<typeof groupCommit>>();

/**
 * Inside a transaction, the record is written in it, so an action and its audit record land
 * together or not at all. Outside one (a look: a read of a patient's data), it is committed with
 * the other looks of the moment (group-commit.ts) before the caller goes on.
 */
export function recordAudit(db: Executor, event: AuditEventInput, now = new Date()) {
  return recordAudits(db, [event], now);
}

/**
 * What a caregiver's request records of its own: nothing the gate already wrote. The gate writes
 * one event for each such request, before it runs (recordOnBehalf); a service that logs looks by
 * anyone other than the patient would log the same look again under its own name.
 */
function besidesTheGates(events: AuditEventInput[]): AuditEventInput[] {
  const onBehalf = onBehalfNow();
  if (onBehalf === undefined) return events;
  return events.filter(
    (e) => !(e.actorId === onBehalf.caregiverId && e.subjectId === onBehalf.patientId),
  );
}

/**
 * Several events of one moment (a list that shows many patients' data) in one statement. A page's
 * refetch that a live event asked for records its looks at most once an hour per actor and person
 * (live-looks.ts, decision 054); its answer, if kept, keeps them all, for an opening to record.
 */
export function recordAudits(db: Executor, allEvents: AuditEventInput[], now = new Date()) {
  const events = besidesTheGates(allEvents);
  noteAuditEvents(events);
  if (db.isTransaction || events.length === 0) return insertAuditEvents(db, events, now);
  if (isLiveRefresh()) {
    return looksDueOnLiveRefresh(db, events, now).then((due) => commitLooks(db, due, now));
  }
  rememberLooks(db, events, now);
  return commitLooks(db, events, now);
}

/** Looks outside a transaction: committed with the other looks of the moment (group-commit.ts). */
async function commitLooks(db: Executor, events: AuditEventInput[], now: Date): Promise<void> {
  if (events.length === 0) return;
  let commit = commits.get(db);
  if (!commit) {
    commit = groupCommit(db);
    commits.set(db, commit);
  }
  return commit(events, now);
}

export const auditEventsByActor = listAuditEventsByActor;
export const forgetAuditTrailOf = eraseAuditChainOf;
export const accessToPatient = listAccessToPatient;

/**
 * The gate's record of a caregiver's request: committed now (with the other events of the moment),
 * not noted for a kept answer to give again, since the gate writes it for every request anyway.
 */
export function recordOnBehalfNow(db: Executor, event: AuditEventInput, now = new Date()) {
  return commitLooks(db, [event], now);
}
