import type { AppointmentStatus } from '@tend/shared';
import { withPerson } from '../../db/people.ts';
import type { Executor } from '../../db/schema.ts';

/** A visit with both people and the patient's review, as GET answers show it. */
function visits(db: Executor) {
  const appointments = db.selectFrom('appointments as a').selectAll('a');
  const withPatient = withPerson(appointments, 'patient', 'a.patient_id', {
    extra: ['email', 'number'],
  });
  return withPerson(withPatient, 'doctor', 'a.doctor_id', {
    extra: ['specialty', 'location', 'years_of_experience', 'consultation_fee_cents', 'bio'],
  })
    .leftJoin('appointment_reviews as r', 'r.appointment_id', 'a.id')
    .select([
      'r.id as review_id',
      'r.rating as review_rating',
      'r.recommend as review_recommend',
      'r.comment as review_comment',
      'r.created_at as review_created_at',
    ]);
}

export function findVisit(db: Executor, id: string) {
  return visits(db).where('a.id', '=', id).executeTakeFirst();
}

export type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisit>>>;

export interface VisitListFilter {
  userId: string;
  side: 'patient' | 'doctor';
  /** Only the visits with this patient (a doctor's list narrowed to one of theirs). */
  withPatient?: string | undefined;
  scope: 'upcoming' | 'past' | undefined;
  status: AppointmentStatus | undefined;
  nowIso: string;
  /** nowIso less the longest slot: a visit that has not ended started after this. */
  earliestLiveStart: string;
  /** The (start, id) of the last visit of the previous page. */
  after: [string, string] | undefined;
  limit: number;
}

/**
 * One side's visits: upcoming (not yet ended) soonest first; past or all latest first. Keyset on
 * (start, id), which the (patient|doctor, start, id) indexes answer without reading others' visits.
 */
export function listVisits(db: Executor, f: VisitListFilter) {
  const ascending = f.scope === 'upcoming';
  let query = visits(db).where(
    f.side === 'patient' ? 'a.patient_id' : 'a.doctor_id',
    '=',
    f.userId,
  );
  // The bounds on start_at follow from those on end_at (no visit is longer than an hour) and let the
  // (person, start, id) index skip the other side's visits instead of reading and dropping them.
  if (f.scope === 'upcoming') {
    query = query.where('a.end_at', '>', f.nowIso).where('a.start_at', '>', f.earliestLiveStart);
  }
  if (f.scope === 'past') {
    query = query.where('a.end_at', '<=', f.nowIso).where('a.start_at', '<', f.nowIso);
  }
  if (f.withPatient !== undefined) query = query.where('a.patient_id', '=', f.withPatient);
  if (f.status) query = query.where('a.status', '=', f.status);
  if (f.after) {
    const [start, id] = f.after;
    query = query.where((eb) =>
      eb.or([
        eb('a.start_at', ascending ? '>' : '<', start),
        eb.and([eb('a.start_at', '=', start), eb('a.id', ascending ? '>' : '<', id)]),
      ]),
    );
  }
  const direction = ascending ? 'asc' : 'desc';
  return query
    .orderBy('a.start_at', direction)
    .orderBy('a.id', direction)
    .limit(f.limit + 1)
    .execute();
}
