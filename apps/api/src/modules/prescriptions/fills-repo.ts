import type { FillStatus } from '@tend/shared';
import type { Executor, PrescriptionFillsTable } from '../../db/schema.ts';

/** The latest fill of a prescription (the highest number), if any: every fill step acts on it. */
export function latestFill(db: Executor, prescriptionId: string) {
  return db
    .selectFrom('prescription_fills')
    .selectAll()
    .where('prescription_id', '=', prescriptionId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type LatestFill = NonNullable<Awaited<ReturnType<typeof latestFill>>>;

export async function insertFill(db: Executor, row: PrescriptionFillsTable): Promise<void> {
  await db.insertInto('prescription_fills').values(row).execute();
}

/**
 * Moves one fill from `from` to `to` in one guarded update (`… where status = from`): of requests
 * racing for the same step exactly one changes the row. Whether this one did is the answer.
 */
export async function stepFill(
  db: Executor,
  fillId: string,
  from: readonly FillStatus[],
  to: FillStatus,
  now: string,
  extra: { reason?: string | null; dispensed_at?: string | null; pharmacy_id?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('prescription_fills')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', fillId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The fill still only requested follows its prescription to the pharmacy it is moved to. */
export async function moveRequestedFill(
  db: Executor,
  prescriptionId: string,
  pharmacyId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('prescription_fills')
    .set({ pharmacy_id: pharmacyId, updated_at: now })
    .where('prescription_id', '=', prescriptionId)
    .where('status', '=', 'requested')
    .execute();
}

/** The number and status of each of its fills, in order: what counts the refills left. */
export function fillStatuses(db: Executor, prescriptionId: string) {
  return db
    .selectFrom('prescription_fills')
    .select(['number', 'status'])
    .where('prescription_id', '=', prescriptionId)
    .orderBy('number')
    .execute();
}

/** The number of fills of it dispensed so far. */
export async function countDispensed(db: Executor, prescriptionId: string): Promise<number> {
  const row = await db
    .selectFrom('prescription_fills')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('prescription_id', '=', prescriptionId)
    .where('status', '=', 'dispensed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks it completed, or only touches it, while it is still active and unexpired: a dispensing
 * racing a cancel or the prescription's end finds out here, in its own transaction.
 */
export async function touchIfActive(
  db: Executor,
  id: string,
  now: string,
  complete: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('prescriptions')
    .set({ updated_at: now, ...(complete ? { status: 'completed' as const } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the patient's request for a renewal, unless one is already waiting for the doctor. */
export async function requestRenewal(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('prescriptions')
    .set({
      renewal_status: 'requested',
      renewal_reason: null,
      renewal_requested_at: now,
      renewal_decided_at: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('renewed_as_id', 'is', null)
    .where((eb) => eb.or([eb('renewal_status', 'is', null), eb('renewal_status', '=', 'refused')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The doctor's answer, once, while a renewal is requested. */
export async function decideRenewal(
  db: Executor,
  id: string,
  decision: { status: 'approved' | 'refused'; reason: string | null; renewedAs: string | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('prescriptions')
    .set({
      renewal_status: decision.status,
      renewal_reason: decision.reason,
      renewal_decided_at: now,
      renewed_as_id: decision.renewedAs,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('renewal_status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How far back renewals are followed: well past any real chain, short of a loop in bad data. */
const MAX_RENEWALS_BACK = 50;

/** The prescriptions `id` renews, newest first: each was renewed as the one before it in the list. */
export async function renewedFrom(db: Executor, id: string): Promise<string[]> {
  const chain: string[] = [];
  let current = id;
  while (chain.length < MAX_RENEWALS_BACK) {
    const row = await db
      .selectFrom('prescriptions')
      .select('id')
      .where('renewed_as_id', '=', current)
      .executeTakeFirst();
    if (!row || row.id === id || chain.includes(row.id)) break;
    chain.push(row.id);
    current = row.id;
  }
  return chain;
}
