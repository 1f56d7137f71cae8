import type { Executor } from '../../db/schema.ts';
import { latestEventsOfActorOn, type AuditEventInput } from './repo.ts';

/**
 * Decision 054: a page refetched because a live event changed what it shows (not because the person
 * opened or reloaded it) records a look at a patient at most once in this long per doctor and patient.
 */
export const LIVE_LOOK_EVERY_MS = 60 * 60 * 1000;

/** Beyond this many pairs the memory is dropped (the database answers again): it only saves reads. */
const MAX_REMEMBERED = 10_000;

/**
 * Per database: when each (actor, subject) pair last had a look recorded or found, as a promise that
 * concurrent live refreshes share — the tracking page, the prescriptions and the readings of one
 * patient refetch at the same moment, and only the first of them may record the hour's look.
 */
const lastLooks = new WeakMap<object, Map<string, Promise<number>>>();

const pairKey = (actorId: string, subjectId: string) => `${actorId}\n${subjectId}`;

function isLookAtAnother(
  event: AuditEventInput,
): event is AuditEventInput & { actorId: string; subjectId: string } {
  return !!event.actorId && !!event.subjectId && event.actorId !== event.subjectId;
}

function memoryOf(db: Executor): Map<string, Promise<number>> {
  let memory = lastLooks.get(db);
  if (!memory) {
    memory = new Map();
    lastLooks.set(db, memory);
  }
  return memory;
}

/**
 * The events of a live refresh that are to be recorded: those about no other person, and each look
 * at a person whose last recorded look by the same actor is an hour old or more (read from the
 * audit trail once per pair, then remembered). What is kept is remembered as recorded now.
 */
export async function looksDueOnLiveRefresh(
  db: Executor,
  events: readonly AuditEventInput[],
  now: Date,
): Promise<AuditEventInput[]> {
  const memory = memoryOf(db);
  if (memory.size > MAX_REMEMBERED) memory.clear();
  const since = new Date(now.getTime() - LIVE_LOOK_EVERY_MS);
  // Pairs not remembered: one read per actor, started (and remembered) before any await, so a
  // concurrent refresh of the same pair waits for this read rather than starting its own.
  const unknown = new Map<string, Set<string>>();
  for (const event of events) {
    if (!isLookAtAnother(event) || memory.has(pairKey(event.actorId, event.subjectId))) continue;
    const subjects = unknown.get(event.actorId) ?? new Set();
    subjects.add(event.subjectId);
    unknown.set(event.actorId, subjects);
  }
  for (const [actorId, subjects] of unknown) {
    const read = latestEventsOfActorOn(db, actorId, [...subjects], since);
    for (const subjectId of subjects) {
      memory.set(
        pairKey(actorId, subjectId),
        read.then(
          (latest) => latest.get(subjectId) ?? 0,
          // A failed read records the look: better one look too many than one missing.
          () => 0,
        ),
      );
    }
  }
  const due: AuditEventInput[] = [];
  for (const event of events) {
    if (!isLookAtAnother(event)) {
      due.push(event);
      continue;
    }
    const key = pairKey(event.actorId, event.subjectId);
    for (;;) {
      const remembered = memory.get(key) ?? Promise.resolve(0);
      const last = await remembered;
      // Another refresh decided for this pair while this one waited: decide again on its answer.
      if (memory.has(key) && memory.get(key) !== remembered) continue;
      if (now.getTime() - last >= LIVE_LOOK_EVERY_MS) {
        memory.set(key, Promise.resolve(now.getTime()));
        due.push(event);
      }
      break;
    }
  }
  return due;
}

/**
 * Looks recorded otherwise (a page opened) restart the hour of the pairs a live refresh remembers,
 * so its next look is an hour after the latest one, whoever asked for it.
 */
export function rememberLooks(db: Executor, events: readonly AuditEventInput[], now: Date): void {
  const memory = lastLooks.get(db);
  if (!memory) return;
  for (const event of events) {
    if (!isLookAtAnother(event)) continue;
    const key = pairKey(event.actorId, event.subjectId);
    if (memory.has(key)) memory.set(key, Promise.resolve(now.getTime()));
  }
}
