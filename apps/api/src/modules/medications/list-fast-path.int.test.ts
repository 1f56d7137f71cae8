import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { setAccountDisabled } from '../accounts/admin-service.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

// Headers that differ between any two answers, whoever sends them.
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);

/** The raw answer over a real socket (fetch would decompress it and hide the encoding). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers)
              .filter(([name]) => !PER_ANSWER.has(name))
              .map(([name, value]) => [name, String(value)]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (answer: Answer): unknown => {
  const decode = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    zstd: zstdDecompressSync,
  }[answer.headers['content-encoding'] ?? ''];
  return JSON.parse((decode ? decode(answer.body) : answer.body).toString('utf8'));
};

const medication = (name: string) => ({
  name,
  dosage: '500 mg',
  note: 'With breakfast, and a glass of water — every morning.',
  startdate: '2026-11-01',
  enddate: null,
  timefrequency: 'day',
});

// The kept first page is answered before Fastify (list-fast-path.ts). It must answer exactly what
// the route answers, to exactly the people the route answers, and nobody else.
describe.each(testDialects())('the medication list answered before Fastify on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let patient: TestAccount;
  const now = new Date('2026-11-21T12:00:00Z');
  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock: () => now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    patient = await createAccount(t, 'patient');
    // Enough rows that the answer is over the compression threshold.
    for (let i = 1; i <= 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/medications',
        headers: { authorization: `Bearer ${patient.accessToken}` },
        payload: medication(`Medication ${i}`),
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterEach(() => t.close());

  const as = (who: { accessToken: string }, headers: Record<string, string> = {}) => ({
    authorization: `Bearer ${who.accessToken}`,
    ...headers,
  });
  // Fastify logs each request it routes as "incoming request"; the fast path only "request completed".
  const routed = () =>
    t.logs.filter(
      (line) => line.includes('incoming request') && line.includes('"url":"/api/v1/medications'),
    ).length;
  const answeredEarly = () =>
    t.logs.filter(
      (line) =>
        line.includes('request completed') &&
        line.includes('"/api/v1/medications"') &&
        !line.includes('"reqId"'),
    ).length;

  it('answers a repeat from the kept page, with the body and headers the route sends, in each encoding', async () => {
    for (const encoding of [undefined, 'br', 'gzip', 'zstd', 'gzip;q=0.5, br;q=0.1']) {
      const headers = as(patient, encoding ? { 'accept-encoding': encoding } : {});
      const before = routed();
      const first = await get(base, '/api/v1/medications', headers);
      const repeat = await get(base, '/api/v1/medications', headers);
      expect(first.status).toBe(200);
      expect(repeat.status).toBe(200);
      expect(repeat.headers).toEqual(first.headers);
      expect(decoded(repeat)).toEqual(decoded(first));
      expect(routed() - before).toBeLessThanOrEqual(1);
    }
    expect(answeredEarly()).toBeGreaterThanOrEqual(5);
    const plain = await get(base, '/api/v1/medications', as(patient));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = decoded(plain) as { medications: Array<{ name: string }> };
    expect(list.medications.map((m) => m.name)).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `Medication ${i}`),
    );
    const brotli = await get(base, '/api/v1/medications', as(patient, { 'accept-encoding': 'br' }));
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
  });

  it('answers another patient their own list, never the kept one of someone else', async () => {
    await get(base, '/api/v1/medications', as(patient));
    await get(base, '/api/v1/medications', as(patient));
    const other = await createAccount(t, 'patient');
    for (let i = 0; i < 2; i++) {
      const res = await get(base, '/api/v1/medications', as(other));
      expect(res.status).toBe(200);
      expect(decoded(res)).toEqual({ medications: [], nextCursor: null });
    }
  });

  it('leaves every refusal to the route, in its own words', async () => {
    await get(base, '/api/v1/medications', as(patient));
    expect((await get(base, '/api/v1/medications', as(patient))).status).toBe(200);
    const doctor = await createAccount(t, 'doctor');
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 401, 'not_signed_in'],
      [{ authorization: 'Bearer not.a.token' }, 401, 'invalid_token'],
      [{ authorization: `Bearer ${patient.accessToken}x` }, 401, 'invalid_token'],
      [as(doctor), 403, 'wrong_role'],
    ];
    for (const [headers, status, code] of cases) {
      const res = await get(base, '/api/v1/medications', headers);
      expect(res.status).toBe(status);
      expect((decoded(res) as { error: { code: string } }).error.code).toBe(code);
    }
  });

  it('stops at once for a session signed out, and for an account disabled by the operator', async () => {
    const second = await createAccount(t, 'patient');
    for (const who of [patient, second]) {
      await get(base, '/api/v1/medications', as(who));
      expect((await get(base, '/api/v1/medications', as(who))).status).toBe(200);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: as(patient),
    });
    expect(out.statusCode).toBe(204);
    expect((await get(base, '/api/v1/medications', as(patient))).status).toBe(401);

    await setAccountDisabled(t.db, second.email, true);
    expect((await get(base, '/api/v1/medications', as(second))).status).toBe(401);
  });

  it('shows a ticked dose in the very next answer', async () => {
    const first = decoded(await get(base, '/api/v1/medications', as(patient))) as {
      medications: Array<{ _id: string; taken: boolean }>;
    };
    await get(base, '/api/v1/medications', as(patient));
    const id = first.medications[0]?._id ?? '';
    const tick = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/medications/${id}`,
      headers: as(patient),
      payload: { taken: true },
    });
    expect(tick.statusCode).toBe(200);
    const after = decoded(await get(base, '/api/v1/medications', as(patient))) as {
      medications: Array<{ _id: string; taken: boolean }>;
    };
    expect(after.medications.find((m) => m._id === id)?.taken).toBe(true);
  });

  it('leaves other pages, methods and paths to Fastify', async () => {
    await get(base, '/api/v1/medications', as(patient));
    await get(base, '/api/v1/medications', as(patient));
    const before = routed();
    const paged = await get(base, '/api/v1/medications?limit=2', as(patient));
    expect(paged.status).toBe(200);
    expect((decoded(paged) as { medications: unknown[] }).medications).toHaveLength(2);
    expect(routed()).toBe(before + 1);
  });
});
