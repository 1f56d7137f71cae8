import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { countSubscriptions } from './repo.ts';

describe.each(testDialects())('POST /api/v1/subscriptions on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const subscribe = (payload: unknown, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      payload: payload as object,
      remoteAddress,
    });

  it('stores a new address and answers 202 with it', async () => {
    const res = await subscribe({ email: '  Ada@Example.org ' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'Ada@Example.org' });
    expect(await countSubscriptions(t.db.kysely)).toBe(1);
  });

  it('answers an address already on the list, in any letter case, exactly like a new one', async () => {
    const fresh = await subscribe({ email: 'ada@example.org' });
    const again = await subscribe({ email: 'ada@example.org' }, '203.0.113.8');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    const otherCase = await subscribe({ email: 'ADA@example.ORG' });
    expect(otherCase.statusCode).toBe(202);
    expect(otherCase.json()).toEqual({ email: 'ADA@example.ORG' });
    expect(await countSubscriptions(t.db.kysely)).toBe(1);
  });

  it.each([
    [{}, 'email'],
    [{ email: '' }, 'email'],
    [{ email: 'not-an-address' }, 'email'],
    [{ email: 42 }, 'email'],
    [{ email: `${'a'.repeat(250)}@b.co` }, 'email'],
    [{ email: 'a@b.co', name: 'x' }, 'name'],
  ])('refuses %o with a 400 naming %s, and stores nothing', async (payload, field) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields)).toEqual([field]);
    expect(await countSubscriptions(t.db.kysely)).toBe(0);
  });

  it('limits one client address to 10 an hour, with Retry-After, and stores nothing past it', async () => {
    for (let i = 0; i < 10; i++)
      expect((await subscribe({ email: `p${i}@example.org` })).statusCode).toBe(202);
    const res = await subscribe({ email: 'late@example.org' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error).toEqual({
      code: 'too_many_requests',
      message: expect.stringMatching(
        /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
      ),
    });
    expect(await countSubscriptions(t.db.kysely)).toBe(10);
    expect((await subscribe({ email: 'other@example.org' }, '198.51.100.1')).statusCode).toBe(202);
  });

  it('never writes the address to the log', async () => {
    await subscribe({ email: 'private.person@example.org' });
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain('private.person');
  });
});
