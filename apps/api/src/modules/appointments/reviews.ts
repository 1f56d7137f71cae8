import type { z } from 'zod';
import type { Review, reviewRequestSchema } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { conflictOn } from '../../lib/unique-violation.ts';
import { visitOf, wrongStatus, type AppointmentContext } from './context.ts';
import { insertReview } from './reviews-repo.ts';

type ReviewRequest = z.output<typeof reviewRequestSchema>;

const alreadyReviewed = () =>
  new AppError(409, 'already_reviewed', 'You have already reviewed this appointment.');

/** One review per completed visit, by its patient; it feeds the doctor's rating in the directory. */
export function reviewService({ db, clock }: AppointmentContext) {
  return {
    async review(claims: AccessClaims, id: string, input: ReviewRequest): Promise<Review> {
      const visit = await visitOf(db.kysely, claims, id, 'patient');
      if (visit.status !== 'completed') {
        throw wrongStatus('Only a completed appointment can be reviewed.');
      }
      const row = {
        id: newId(),
        appointment_id: visit.id,
        doctor_id: visit.doctor_id,
        patient_id: visit.patient_id,
        rating: input.rating,
        recommend: input.recommend,
        comment: input.comment,
        created_at: clock().toISOString(),
      };
      await conflictOn(
        db.kysely.transaction().execute((trx) => insertReview(trx, row)),
        { table: 'appointment_reviews', columns: ['appointment_id'] },
        alreadyReviewed,
      );
      return {
        _id: row.id,
        rating: row.rating,
        recommend: row.recommend,
        comment: row.comment,
        createdAt: row.created_at,
      };
    },
  };
}
