import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A dose reminder's Taken / Snooze token. The action's id is 128 random bits; the token is an HMAC of
 * it under the server secret, so the notification list (and a push) can show it again without the
 * database ever holding it: the database keeps only its SHA-256, and a copy of the database alone
 * yields no usable token.
 */
export function createActionTokens(secret: string) {
  return {
    newActionId: () => randomBytes(16).toString('base64url'),
    tokenFor: (actionId: string) =>
      createHmac('sha256', secret).update(`reminder-action:${actionId}`).digest('base64url'),
    hash: (token: string) => createHash('sha256').update(token).digest('hex'),
  };
}

export type ActionTokens = ReturnType<typeof createActionTokens>;
