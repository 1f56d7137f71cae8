import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { bearer, createAccount, signIn } from '../../../test/accounts.ts';
import { setAccountDisabled } from './admin-service.ts';

describe.each(testDialects())('disabling an account on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('ends its sessions at once, refuses sign-in with 403, and can be undone', async () => {
    const account = await createAccount(t);
    await setAccountDisabled(t.db, account.email.toUpperCase(), true);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(account) });
    expect(me.statusCode).toBe(401);
    expect((await signIn(t, account.email, account.password)).statusCode).toBe(403);
    await setAccountDisabled(t.db, account.email, false);
    expect((await signIn(t, account.email, account.password)).statusCode).toBe(200);
  });

  it('says so when there is no such account', async () => {
    await expect(setAccountDisabled(t.db, 'nobody@example.org', true)).rejects.toThrow(
      'There is no account with the email nobody@example.org.',
    );
  });
});
