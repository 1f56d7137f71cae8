import { sql, type Insertable, type Updateable } from 'kysely';
import {
  OPEN_FILL_STATUSES,
  type FillStatus,
  type PageRequest,
  type PrescriptionStatus,
} from '@tend/shared';
import { withPerson } from '../../db/people.ts';
import type { Executor, PrescriptionsTable } from '../../db/schema.ts';
import { byCreation, pageOf, toPage } from '../../lib/pagination.ts';

/** A prescription with the names (and picture dates) of its patient, doctor and pharmacy. */
function prescriptionsWithPeople(db: Executor) {
  const prescriptions = db.selectFrom('prescriptions').selectAll('prescriptions');
  const withPatient = withPerson(prescriptions, 'patient', 'prescriptions.patient_id', {
    extra: ['dateofbirth'],
  });
  const withDoctor = withPerson(withPatient, 'doctor', 'prescriptions.doctor_id', {
    extra: ['specialty'],
  });
  return withPerson(withDoctor, 'pharmacy', 'prescriptions.pharmacy_id', { optional: true })
    .leftJoin(
      'pharmacies as pharmacy_details',
      'pharmacy_details.user_id',
      'prescriptions.pharmacy_id',
    )
    .select('pharmacy_details.name as pharmacy_name');
}

export type PrescriptionRow = Awaited<
  ReturnType<ReturnType<typeof prescriptionsWithPeople>['executeTakeFirstOrThrow']>
>;

const newestFirst = byCreation('prescriptions', 'desc');

export interface PrescriptionFilter {
  patientId?: string;
  doctorId?: string;
  pharmacyId?: string;
  status?: PrescriptionStatus;
  /** Only those whose latest fill is still at the pharmacy (only the latest can be open). */
  openFill?: boolean;
  /** "Expired" is an active prescription whose expires_at has passed by now. */
  now: string;
}

/**
 * One page, newest first, of a patient's or a doctor's prescriptions (or both: a doctor's for one
 * patient), each answered from its own index (migration 0019). The status a person reads is the
 * stored one, except that an active prescription past its end reads as expired.
 */
export async function listPrescriptions(
  db: Executor,
  filter: PrescriptionFilter,
  page: PageRequest,
) {
  let query = prescriptionsWithPeople(db);
  if (filter.patientId !== undefined) {
    query = query.where('prescriptions.patient_id', '=', filter.patientId);
  }
  if (filter.doctorId !== undefined) {
    query = query.where('prescriptions.doctor_id', '=', filter.doctorId);
  }
  if (filter.pharmacyId !== undefined) {
    query = query.where('prescriptions.pharmacy_id', '=', filter.pharmacyId);
  }
  if (filter.openFill) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('prescription_fills as open_fill')
          .select('open_fill.id')
          .whereRef('open_fill.prescription_id', '=', 'prescriptions.id')
          .where('open_fill.status', 'in', OPEN_FILL_STATUSES),
      ),
    );
  }
  const { status, now } = filter;
  if (status === 'active') {
    query = query
      .where('prescriptions.status', '=', 'active')
      .where('prescriptions.expires_at', '>', now);
  } else if (status === 'expired') {
    query = query.where((eb) =>
      eb.or([
        eb('prescriptions.status', '=', 'expired'),
        eb.and([
          eb('prescriptions.status', '=', 'active'),
          eb('prescriptions.expires_at', '<=', now),
        ]),
      ]),
    );
  } else if (status !== undefined) {
    query = query.where('prescriptions.status', '=', status);
  }
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}

export function findPrescription(db: Executor, id: string) {
  return prescriptionsWithPeople(db).where('prescriptions.id', '=', id).executeTakeFirst();
}

export async function insertPrescription(
  db: Executor,
  row: Insertable<PrescriptionsTable>,
): Promise<void> {
  await db.insertInto('prescriptions').values(row).execute();
}

/** A patient's prescriptions that are active and not yet past their end. */
export async function countActive(db: Executor, patientId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('prescriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', patientId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes it only while it is active, unexpired and no fill of it is in one of `blockedBy`, all in
 * the one update, so of changes racing each other (a cancel, a send, a dispense) each changes it at
 * most once. Whether this one did is the answer.
 */
async function changeWhileOpen(
  db: Executor,
  id: string,
  now: string,
  changes: Updateable<PrescriptionsTable>,
  blockedBy: readonly FillStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('prescriptions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('prescription_fills')
            .select(sql.lit(1).as('one'))
            .whereRef('prescription_fills.prescription_id', '=', 'prescriptions.id')
            .where('prescription_fills.status', 'in', blockedBy),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels it only while it is open and nothing of it was dispensed (see changeWhileOpen). */
export function cancelIfOpen(
  db: Executor,
  id: string,
  reason: string,
  now: string,
): Promise<boolean> {
  return changeWhileOpen(
    db,
    id,
    now,
    { status: 'cancelled', cancel_reason: reason, cancelled_at: now, updated_at: now },
    ['dispensed'],
  );
}

/** Fill statuses of a fill a pharmacy has in hand: while one is, the prescription stays where it is. */
const FILL_IN_HAND = ['preparing', 'ready'] as const;

/**
 * Sends it to the pharmacy (or moves it there) only while it is open and no fill of it is in hand
 * (a fill still only requested moves with it; see changeWhileOpen).
 */
export function sendIfOpen(
  db: Executor,
  id: string,
  pharmacyId: string,
  now: string,
): Promise<boolean> {
  return changeWhileOpen(db, id, now, { pharmacy_id: pharmacyId, updated_at: now }, FILL_IN_HAND);
}

/** Whether any fill of it is in one of these statuses. */
export async function hasFillIn(
  db: Executor,
  id: string,
  statuses: readonly FillStatus[],
): Promise<boolean> {
  const row = await db
    .selectFrom('prescription_fills')
    .select('id')
    .where('prescription_id', '=', id)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return row !== undefined;
}

/** Its fills in order (empty until fills exist; the fill workflow writes them). */
export function fillsOf(db: Executor, prescriptionIds: string[]) {
  if (prescriptionIds.length === 0) return Promise.resolve([]);
  const fills = db.selectFrom('prescription_fills').selectAll('prescription_fills');
  return withPerson(fills, 'pharmacy', 'prescription_fills.pharmacy_id', { optional: true })
    .leftJoin(
      'pharmacies as pharmacy_details',
      'pharmacy_details.user_id',
      'prescription_fills.pharmacy_id',
    )
    .select('pharmacy_details.name as pharmacy_name')
    .where('prescription_fills.prescription_id', 'in', prescriptionIds)
    .orderBy('prescription_fills.prescription_id')
    .orderBy('prescription_fills.number')
    .execute();
}

export type FillRow = Awaited<ReturnType<typeof fillsOf>>[number];

/** A patient's time zone, in which "today" and a prescription's last day are counted. */
export async function patientZone(db: Executor, patientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', patientId)
    .where('user_type', '=', 'patient')
    .executeTakeFirst();
  return row?.timezone;
}
