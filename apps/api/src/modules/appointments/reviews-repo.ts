import { sql } from 'kysely';
import type { AppointmentReviewsTable, Executor } from '../../db/schema.ts';

export async function insertReview(db: Executor, row: AppointmentReviewsTable) {
  await db.insertInto('appointment_reviews').values(row).execute();
}

/** Per doctor: how many reviews, their mean rating, and how many recommend. */
export function reviewStats(db: Executor, doctorIds: string[]) {
  if (doctorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appointment_reviews')
    .select((eb) => [
      'doctor_id',
      eb.fn.countAll<number>().as('count'),
      eb.fn.avg<number>('rating').as('mean'),
      sql<number>`sum(case when recommend then 1 else 0 end)`.as('recommending'),
    ])
    .where('doctor_id', 'in', doctorIds)
    .groupBy('doctor_id')
    .execute();
}
