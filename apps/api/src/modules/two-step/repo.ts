import type { Executor, TwoStepChallengesTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export type TwoStepRow = NonNullable<Awaited<ReturnType<typeof findTwoStep>>>;

export function findTwoStep(db: Executor, userId: string) {
  return db.selectFrom('two_step').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * A new secret waiting for its first code; replaces one that was set up and never confirmed. An
 * enabled secret is never replaced: the update is guarded in the same statement, so a setup racing
 * an /enable cannot wipe the secret that was just turned on. False when two-step sign-in is on.
 */
export async function savePendingSecret(
  db: Executor,
  userId: string,
  secretEncrypted: string,
  now: Date,
): Promise<boolean> {
  const pending = {
    secret_encrypted: secretEncrypted,
    created_at: now.toISOString(),
    last_step: null,
  };
  const result = await db
    .insertInto('two_step')
    .values({ user_id: userId, ...pending, enabled_at: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet(pending).where('two_step.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Takes a code's time step: true only if it is later than every step taken before. The update
 * guards on it, so two requests with one code cannot both pass.
 */
export async function takeStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markEnabled(db: Executor, userId: string, now: Date) {
  await db
    .updateTable('two_step')
    .set({ enabled_at: now.toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

export async function removeTwoStep(db: Executor, userId: string) {
  await db.deleteFrom('two_step').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  hashes: string[],
  now: Date,
) {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_recovery_codes')
    .values(
      hashes.map((code_hash) => ({
        id: newId(),
        user_id: userId,
        code_hash,
        created_at: now.toISOString(),
        used_at: null,
      })),
    )
    .execute();
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_step_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Uses one recovery code; false if it is not one of the person's unused codes. */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertChallenge(
  db: Executor,
  challenge: Pick<TwoStepChallengesTable, 'user_id' | 'purpose' | 'token_hash'>,
  now: Date,
  ttlMs: number,
) {
  // A person's spent and expired challenges go as a new one comes: the table stays small.
  await db
    .deleteFrom('two_step_challenges')
    .where('user_id', '=', challenge.user_id)
    .where((eb) =>
      eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]),
    )
    .execute();
  await db
    .insertInto('two_step_challenges')
    .values({
      id: newId(),
      ...challenge,
      failures: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
}

export function findChallenge(db: Executor, tokenHash: string) {
  return db
    .selectFrom('two_step_challenges')
    .innerJoin('users', 'users.id', 'two_step_challenges.user_id')
    .select([
      'two_step_challenges.id',
      'two_step_challenges.user_id',
      'two_step_challenges.purpose',
      'two_step_challenges.failures',
      'two_step_challenges.expires_at',
      'two_step_challenges.used_at',
      'users.disabled_at',
    ])
    .where('two_step_challenges.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function countChallengeFailure(db: Executor, id: string) {
  await db
    .updateTable('two_step_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Ends every open challenge of a person: one issued for an old password must not finish. */
export async function endChallengesOf(db: Executor, userId: string, now: Date) {
  await db
    .updateTable('two_step_challenges')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Spends a challenge; false when another request spent it first. */
export async function useChallenge(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('two_step_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
