import type { Executor } from '../../db/schema.ts';
import { groupCommit } from './group-commit.ts';
import {
  auditEventsOfThisRequest,
  noteAuditEvents,
  noteAuditEventsOf,
} from './looks-of-request.ts';
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

/** Several events of one moment (a list that shows many patients' data) in one statement. */
export function recordAudits(db: Executor, events: AuditEventInput[], now = new Date()) {
  noteAuditEvents(events);
  if (db.isTransaction || events.length === 0) return insertAuditEvents(db, events, now);
  let commit = commits.get(db);
  if (!commit) {
    commit = groupCommit(db);
    commits.set(db, commit);
  }
  return commit(events, now);
}

/**
 * What the kept answers (plugins/kept-answers.ts) ask of the access log: a request's looks, noted
 * while it runs and recorded again, from the new request's address, whenever its answer is given again.
 */
export function requestLooks(db: Executor) {
  return {
    noteLooksOf: noteAuditEventsOf,
    replayOfThisRequest() {
      const looks = [...(auditEventsOfThisRequest() ?? [])];
      if (looks.length === 0) return undefined;
      return async (ip: string, now: Date) => {
        await recordAudits(
          db,
          looks.map((look) => ({ ...look, ip })),
          now,
        );
      };
    },
  };
}

export const auditEventsByActor = listAuditEventsByActor;
export const forgetAuditTrailOf = eraseAuditChainOf;
export const accessToPatient = listAccessToPatient;
