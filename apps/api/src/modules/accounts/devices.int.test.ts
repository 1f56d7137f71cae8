import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { bearer, createAccount, type TestAccount } from '../../../test/accounts.ts';

describe.each(testDialects())('signed-in devices on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  const signInFrom = async (who: TestAccount, userAgent: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: who.email, password: who.password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode).toBe(200);
    return { ...who, accessToken: res.json<{ accessToken: string }>().accessToken };
  };
  const list = (who: { accessToken: string }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: bearer(who) });

  it('lists my live sessions with a coarse device name, and ends one at once', async () => {
    t = await createTestApp(dialect);
    const patient = await createAccount(t, 'patient');
    const firefox = await signInFrom(
      patient,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
    );
    const chrome = await signInFrom(
      patient,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    );
    const res = await list(chrome);
    expect(res.statusCode).toBe(200);
    const { sessions, nextCursor } = res.json<{
      sessions: { _id: string; device: string; current: boolean; lastusedat: string }[];
      nextCursor: string | null;
    }>();
    expect(nextCursor).toBeNull();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Linux']);
    const other = sessions.find((s) => s.device === 'Firefox on Windows');
    expect(other).toBeDefined();

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${other?._id}`,
      headers: bearer(chrome),
    });
    expect(ended.statusCode).toBe(204);
    expect((await list(firefox)).statusCode).toBe(401);
    expect((await list(chrome)).json().sessions).toHaveLength(2);
  });

  it('signs every device out at once, this one included, and records it', async () => {
    t = await createTestApp(dialect);
    const patient = await createAccount(t, 'patient');
    const other = await createAccount(t, 'patient');
    const phone = await signInFrom(
      patient,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    );
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/sessions',
      headers: bearer(phone),
    });
    expect(everywhere.statusCode).toBe(204);
    expect(String(everywhere.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await list(phone)).statusCode).toBe(401);
    expect((await list(patient)).statusCode).toBe(401);
    expect((await list(other)).statusCode).toBe(200);
    const actions = await t.db.kysely
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', patient.id)
      .where('action', '=', 'auth.signed_out_everywhere')
      .execute();
    expect(actions).toHaveLength(1);
  });

  it("answers 404 for someone else's session and for one already ended", async () => {
    t = await createTestApp(dialect);
    const patient = await createAccount(t, 'patient');
    const doctor = await createAccount(t, 'doctor');
    const [mine] = (await list(patient)).json<{ sessions: { _id: string }[] }>().sessions;
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${mine?._id}`,
      headers: bearer(doctor),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await list(patient)).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/sessions/no-such-session',
      headers: bearer(doctor),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions' })).statusCode).toBe(
      401,
    );
  });

  it('records when a session was last used when it is renewed', async () => {
    let nowMs = Date.now();
    t = await createTestApp(dialect, {}, { clock: () => new Date(nowMs) });
    const patient = await createAccount(t, 'patient');
    const before = (await list(patient)).json<{ sessions: { lastusedat: string }[] }>().sessions[0]
      ?.lastusedat;
    nowMs += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: patient.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const after = (await list(patient)).json<{ sessions: { lastusedat: string }[] }>().sessions[0]
      ?.lastusedat;
    expect(after && before && after > before).toBe(true);
  });
});
