import { localDate, type Medication, type PageRequest } from '@tend/shared';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged.ts';
import { batchedReads } from '../../lib/batched-reads.ts';
import type { MedicationContext } from './context.ts';
import { createListCache } from './list-cache.ts';
import { listOwnMedications, listStateQuery, listStatesQuery, ownListQueries } from './repo.ts';
import { toMedication } from './view.ts';

const stateOf = (row: { medications_version: number; timezone: string }) => ({
  version: row.medications_version,
  timezone: row.timezone,
});

const MAX_KEPT_STATES = 10_000;

/** The patient's own list, the most read page of Tend: kept per list version and day. */
export function ownListService({ db, clock }: MedicationContext) {
  const ownList = ownListQueries(db.kysely);
  // One prepared statement on SQLite; on PostgreSQL the reads of one turn share a round trip.
  const readListState = db.dialect === 'postgres' ? batchedListStates() : oneListState();
  function batchedListStates() {
    const listStates = listStatesQuery(db.kysely);
    return batchedReads(async (patientIds) => {
      const { rows } = await listStates(db.kysely, { patientIds });
      return new Map(rows.map((r) => [r.id, stateOf(r)]));
    });
  }
  function oneListState() {
    const listState = listStateQuery(db.kysely);
    return async (patientId: string) => {
      const [row] = (await listState(db.kysely, { patientId })).rows;
      return row ? stateOf(row) : undefined;
    };
  }
  // SQLite: the version and time zone read last, while the database is unchanged.
  const keptStates = keptWhileUnchanged<{ version: number; timezone: string }>(db, MAX_KEPT_STATES);
  const listCache = createListCache();

  /** The list's version and the patient's today: what a kept page must match. */
  async function listStateOf(patientId: string, now: Date) {
    const stamp = keptStates.stamp();
    let state = keptStates.get(patientId, stamp);
    if (!state) {
      state = (await readListState(patientId)) ?? { version: 0, timezone: 'UTC' };
      keptStates.set(patientId, state, stamp);
    }
    return { version: state.version, day: localDate(now, state.timezone) };
  }

  return {
    /**
     * The patient's own list. Asks only for the list's version and the time zone, and answers from
     * the pages kept for that version and today; otherwise one compiled query, time zone and today's
     * doses included. The version is read first, so a kept page is never older than its version.
     */
    async list(patientId: string, page: PageRequest) {
      const now = clock();
      const state = await listStateOf(patientId, now);
      const kept = listCache.get(patientId, state.version, state.day, page);
      if (kept) return kept;
      const { rows, nextCursor } = await listOwnMedications(
        db.kysely,
        ownList,
        patientId,
        now,
        page,
      );
      const medications: Medication[] = rows.map((r) => toMedication(r, Boolean(r.taken_on_day)));
      const listed = { medications, nextCursor };
      listCache.set(patientId, state.version, state.day, page, listed);
      return listed;
    },
  };
}
