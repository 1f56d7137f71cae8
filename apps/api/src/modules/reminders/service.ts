import { REMINDER_SNOOZE_MINUTES } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { ActionTokens } from './action-tokens.ts';
import { DOSE_JOB, type DoseJobPayload, type ReminderPlanner } from './planner.ts';
import { findActionByHash, takenOn } from './repo.ts';

const gone = () =>
  new AppError(
    404,
    'reminder_not_found',
    'This reminder has expired or does not exist. Open today’s checklist in Tend to tick off your doses.',
  );

/** Ticks a dose as the checklist would, same rules (the medications module). */
export type RecordDose = (
  patientId: string,
  medicationId: string,
  date: string,
  taken: true,
) => Promise<unknown>;

export interface ReminderServiceOptions {
  db: Db;
  clock: () => Date;
  tokens: ActionTokens;
  planner: ReminderPlanner;
  recordDose: RecordDose;
}

/** What a reminder's token allows without a session: tick that dose, or hear about it again later. */
export function createReminderService({
  db,
  clock,
  tokens,
  planner,
  recordDose,
}: ReminderServiceOptions) {
  async function openAction(executor: Executor, token: string) {
    const action = await findActionByHash(executor, tokens.hash(token));
    if (!action || new Date(action.expires_at).getTime() <= clock().getTime()) throw gone();
    return action;
  }

  return {
    planner,

    /** Ticks the dose as the checklist would (same rules), idempotently. */
    async taken(token: string): Promise<{ taken: true }> {
      const action = await openAction(db.kysely, token);
      await recordDose(action.patient_id, action.medication_id, action.date, true);
      return { taken: true };
    },

    async snooze(token: string): Promise<{ snoozeduntil: string }> {
      return db.kysely.transaction().execute(async (trx) => {
        const action = await openAction(trx, token);
        if ((await takenOn(trx, [action.medication_id], [action.date])).size > 0) {
          throw new AppError(
            409,
            'already_taken',
            'This dose is already ticked off, so there is nothing to snooze.',
          );
        }
        const until = new Date(clock().getTime() + REMINDER_SNOOZE_MINUTES * 60_000);
        until.setUTCSeconds(0, 0);
        const payload: DoseJobPayload = {
          medicationId: action.medication_id,
          date: action.date,
          variant: 'snoozed',
        };
        // Keyed by the minute: a double tap queues one reminder, a later snooze another.
        await enqueueJob(trx, {
          key: `dose-snooze:${action.id}:${until.toISOString()}`,
          kind: DOSE_JOB,
          runAt: until,
          payload,
          subject: action.medication_id,
        });
        return { snoozeduntil: until.toISOString() };
      });
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
