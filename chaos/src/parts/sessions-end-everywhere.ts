/**
 * Signed out means out, everywhere, at once (issue 40): a session ended through one instance — a
 * device signed out, every device signed out, a password changed, an account deleted — is refused
 * by the other instance and its open live stream there ends within a second.
 */
import http from 'node:http';
import { newPassword, register, signIn, type Person } from '../accounts.ts';
import { describeAnswer, type Answer, type Client } from '../http.ts';
import type { Expectations } from '../report.ts';

/** How soon the other instance must refuse the token and end its stream. */
const WITHIN_MS = 1_000;
/** How long to watch before calling it a failure (the heartbeat that used to end it is 25 s). */
const WATCH_MS = 5_000;
const POLL_MS = 25;

interface OpenStream {
  /** Resolves with the time the server ended the stream, or undefined if it did not in WATCH_MS. */
  ended(): Promise<number | undefined>;
  close(): void;
}

/** Opens GET /api/v1/events with a bearer token and resolves once the server has answered 200. */
function openStream(baseUrl: string, token: string, ip: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let endedAt: number | undefined;
    let onEnd: (() => void) | undefined;
    const request = http.get(
      new URL('/api/v1/events', baseUrl),
      {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          'x-forwarded-for': ip,
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`the live stream answered ${response.statusCode}`));
          return;
        }
        response.on('data', () => {});
        const finish = () => {
          endedAt ??= performance.now();
          onEnd?.();
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
        resolve({
          ended: () =>
            new Promise((done) => {
              if (endedAt !== undefined) return done(endedAt);
              const timer = setTimeout(() => done(undefined), WATCH_MS);
              onEnd = () => {
                clearTimeout(timer);
                done(endedAt);
              };
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => {
      if (endedAt === undefined) reject(error);
    });
  });
}

/** Asks the other instance with the ended token until it refuses; the time it first did. */
async function firstRefusal(b: Client, person: Person, token: string) {
  const first = await b.call({ method: 'GET', path: '/api/v1/me', token, ip: person.ip });
  let last: Answer = first;
  const deadline = performance.now() + WATCH_MS;
  while (last.status !== 401 && performance.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, POLL_MS));
    last = await b.call({ method: 'GET', path: '/api/v1/me', token, ip: person.ip });
  }
  return { first, refusedAt: last.status === 401 ? performance.now() : undefined, last };
}

type Ending = (a: Client, person: Person, acting: string) => Promise<Answer>;

/** The four ways a session ends; each acts through instance A with a second session, `acting`. */
const ENDINGS: Record<string, Ending> = {
  'every device signed out': (a, person, acting) =>
    a.call({ method: 'DELETE', path: '/api/v1/me/sessions', token: acting, ip: person.ip }),
  'one device signed out': async (a, person, acting) => {
    const listed = await a.call({
      method: 'GET',
      path: '/api/v1/me/sessions',
      token: acting,
      ip: person.ip,
    });
    const sessions = (listed.body as { sessions?: { _id: string; current: boolean }[] }).sessions;
    const other = sessions?.find((s) => !s.current);
    if (!other) throw new Error(`the device list answered ${describeAnswer(listed)}`);
    return a.call({
      method: 'DELETE',
      path: `/api/v1/me/sessions/${other._id}`,
      token: acting,
      ip: person.ip,
    });
  },
  'password changed': (a, person, acting) =>
    a.call({
      method: 'POST',
      path: '/api/v1/me/password',
      token: acting,
      ip: person.ip,
      body: { oldPassword: person.password, newPassword: newPassword() },
    }),
  'account deleted': (a, person, acting) =>
    a.call({
      method: 'DELETE',
      path: '/api/v1/me',
      token: acting,
      ip: person.ip,
      body: { password: person.password },
    }),
};

/**
 * For each way a session ends: a person signed in twice; the first session's live stream is open
 * on B; the second ends the first through A; B must refuse the first's token at once and end its
 * stream within WITHIN_MS of A's answer.
 */
export async function checkSessionsEndEverywhere(
  a: Client,
  b: Client,
  expectations: Expectations,
): Promise<[string, string][]> {
  const figures: [string, string][] = [];
  for (const [name, end] of Object.entries(ENDINGS)) {
    const person = await register(a, 'patient', 'ends');
    const acting = await signIn(a, person);
    const stream = await openStream(b.baseUrl, person.token, person.ip);
    try {
      const answer = await end(a, person, acting);
      const answeredAt = performance.now();
      expectations.expect(
        answer.status === 204,
        () => `${name}: A answered ${describeAnswer(answer)}`,
      );
      const [refusal, endedAt] = await Promise.all([
        firstRefusal(b, person, person.token),
        stream.ended(),
      ]);
      const refusedMs =
        refusal.refusedAt === undefined ? undefined : refusal.refusedAt - answeredAt;
      const endedMs = endedAt === undefined ? undefined : Math.max(0, endedAt - answeredAt);
      expectations.expect(
        refusal.first.status === 401,
        () =>
          `${name}: right after, B still answered the ended token ${describeAnswer(refusal.first)}`,
      );
      expectations.expect(
        endedMs !== undefined && endedMs <= WITHIN_MS,
        () =>
          `${name}: B's live stream ${endedMs === undefined ? `was still open after ${WATCH_MS} ms` : `ended ${Math.round(endedMs)} ms after`}, expected within ${WITHIN_MS} ms`,
      );
      const shown = (ms: number | undefined) =>
        ms === undefined ? 'never' : `${Math.round(ms)} ms`;
      figures.push([
        `${name}: B refused / B's stream ended`,
        `${shown(refusedMs)} / ${shown(endedMs)}`,
      ]);
    } finally {
      stream.close();
    }
  }
  return figures;
}
