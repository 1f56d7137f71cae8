import type { Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { newRandomToken } from '../../lib/random-tokens.ts';

export type LinkPurpose = 'password_reset' | 'email_verification' | 'email_change';

async function insertAccountToken(
  db: Executor,
  token: { userId: string; purpose: LinkPurpose; hash: string; email: string },
  now: Date,
  ttlMs: number,
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: newId(),
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.hash,
      email_normalized: token.email.toLowerCase(),
      // The account takes a new address as typed, so an email change keeps it so.
      email: token.purpose === 'email_change' ? token.email : null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
}

/** A new link for `link.email`: its token, to be emailed, is returned once and kept only as a hash. */
export async function issueAccountToken(
  db: Executor,
  link: { userId: string; purpose: LinkPurpose; email: string },
  now: Date,
  ttlMs: number,
): Promise<string> {
  const { token, hash } = newRandomToken();
  await insertAccountToken(db, { ...link, hash }, now, ttlMs);
  return token;
}

/** The link's row with its account's current address and state; undefined for a token never issued. */
export function findAccountToken(db: Executor, purpose: LinkPurpose, hash: string) {
  return db
    .selectFrom('account_tokens')
    .innerJoin('users', 'users.id', 'account_tokens.user_id')
    .select([
      'account_tokens.id',
      'account_tokens.user_id',
      'account_tokens.email_normalized',
      'account_tokens.expires_at',
      'account_tokens.used_at',
      'account_tokens.email as link_email',
      'users.email',
      'users.firstname',
      'users.language',
      'users.email_normalized as current_email',
      'users.disabled_at',
    ])
    .where('account_tokens.token_hash', '=', hash)
    .where('account_tokens.purpose', '=', purpose)
    .executeTakeFirst();
}

/** Uses a link; false when another request used it first (the update guards on used_at). */
export async function useAccountToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a reset, the account's other reset links stop working too. */
export async function useAllTokensOf(
  db: Executor,
  userId: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Expired links are kept a day (so a late click still reads "expired"), then deleted. */
export async function deleteExpiredTokens(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('account_tokens').where('expires_at', '<', before.toISOString()).execute();
}

export function confirmedEmailOf(db: Executor, userId: string) {
  return db
    .selectFrom('email_confirmations')
    .select('email_normalized')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function confirmEmail(
  db: Executor,
  userId: string,
  email: string,
  now: Date,
): Promise<void> {
  const values = {
    user_id: userId,
    email_normalized: email.toLowerCase(),
    confirmed_at: now.toISOString(),
  };
  await db
    .insertInto('email_confirmations')
    .values(values)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        email_normalized: values.email_normalized,
        confirmed_at: values.confirmed_at,
      }),
    )
    .execute();
}

/** The new address of the account's open email change (the newest unused, unexpired link), if any. */
export async function pendingEmailChangeOf(
  db: Executor,
  userId: string,
  now: Date,
): Promise<string | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.email ?? null;
}
