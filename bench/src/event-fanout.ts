/**
 * Live-event fan-out (issue 10): 1 000 open event streams on one Tend, a message reaching all of
 * them. No single request notifies many people (a message goes to its two participants), so the
 * fan-out is 50 messages posted at the same instant, one per doctor–patient conversation, each
 * reaching the 10 streams of its sender and the 10 of its recipient: 100 people × 10 streams.
 * Goals: p99 delivery delay ≤ 100 ms, server RSS with the streams open ≤ 250 MB.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { defer } from '../../scripts/lib/cleanup.ts';
import { makeDataDir, removeDataDir, startTend, type TendServer } from './server.ts';

const PAIRS = 50;
/** The events module's cap per person (MAX_STREAMS_PER_USER). */
const STREAMS_PER_PERSON = 10;
const DELIVERY_DEADLINE_MS = 30_000;
export const FANOUT_P99_GOAL_MS = 100;
export const FANOUT_RSS_GOAL_MB = 250;

export interface EventFanout {
  streams: number;
  messages: number;
  /** Streams that got their message before the deadline. */
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server RSS once every stream was open, before the messages. */
  rssMb: number;
  p99GoalMs: number;
  rssGoalMb: number;
}

interface Person {
  id: string;
  token: string;
  /** Each account comes from its own address, so registration's per-address limit counts it alone. */
  address: string;
}

interface Stream {
  /** Resolves with the arrival time of the first `message` event of this conversation. */
  arrival(conversationId: string): Promise<number>;
  close(): void;
}

function rssMbOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`/proc/${pid}/status has no VmRSS`);
  return Number(match[1]) / 1024;
}

async function call(
  app: TendServer,
  method: string,
  urlPath: string,
  expected: number,
  options: { body?: unknown; token?: string; address: string },
): Promise<Record<string, unknown>> {
  const response = await fetch(app.baseUrl + urlPath, {
    method,
    headers: {
      'x-forwarded-for': options.address,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(`${method} ${urlPath} answered ${response.status}, not ${expected}: ${text}`);
  }
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function person(app: TendServer, n: number, userType: 'patient' | 'doctor') {
  const address = `10.${n >> 8}.${n & 255}.1`;
  const email = `bench-fanout-${userType}-${n}@example.org`;
  const password = 'bench passphrase 2026';
  const registered = await call(app, 'POST', '/api/v1/auth/register', 201, {
    address,
    body: { email, password, firstname: 'Bench', lastname: `Fanout ${n}`, userType },
  });
  const user = registered.user as { _id?: unknown } | undefined;
  const session = await call(app, 'POST', '/api/v1/auth/sign-in', 200, {
    address,
    body: { email, password },
  });
  if (typeof user?._id !== 'string' || typeof session.accessToken !== 'string') {
    throw new Error('register or sign-in answered without an id or token');
  }
  return { id: user._id, token: session.accessToken, address };
}

/** A doctor and a patient who share a care link and one conversation. */
async function pair(app: TendServer, n: number) {
  const doctor = await person(app, 2 * n, 'doctor');
  const patient = await person(app, 2 * n + 1, 'patient');
  await call(app, 'POST', '/api/v1/care-links', 201, {
    ...patient,
    body: { doctorId: doctor.id },
  });
  const conversation = await call(app, 'POST', '/api/v1/conversations', 201, {
    ...patient,
    body: { withUserId: doctor.id },
  });
  if (typeof conversation._id !== 'string') throw new Error('the conversation has no _id');
  return { doctor, patient, conversationId: conversation._id };
}

/** GET /api/v1/events on its own socket, reading SSE frames as they arrive. */
function openStream(app: TendServer, who: Person): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const waiters = new Map<string, (at: number) => void>();
    const request = http.get(
      `${app.baseUrl}/api/v1/events`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${who.token}`,
          'x-forwarded-for': who.address,
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET /api/v1/events answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            if (!lines.includes('event: message')) continue;
            const data = lines.find((l) => l.startsWith('data:'))?.slice(5);
            const conversationId = data
              ? (JSON.parse(data) as { conversationId?: string }).conversationId
              : undefined;
            if (!conversationId || arrivals.has(conversationId)) continue;
            arrivals.set(conversationId, at);
            waiters.get(conversationId)?.(at);
          }
        });
        // Closing the streams ourselves ends them with an abort; that is not news.
        response.on('error', () => {});
        resolve({
          arrival(conversationId) {
            const seen = arrivals.get(conversationId);
            if (seen !== undefined) return Promise.resolve(seen);
            return new Promise((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error('no message event before the deadline')),
                DELIVERY_DEADLINE_MS,
              );
              waiters.set(conversationId, (at) => {
                clearTimeout(timer);
                done(at);
              });
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Starts its own Tend on a fresh SQLite database, trusting X-Forwarded-For for the test accounts. */
export async function measureEventFanout(): Promise<EventFanout> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  const streamCount = PAIRS * 2 * STREAMS_PER_PERSON;
  console.error(`Starting Tend for ${streamCount} event streams…`);
  const app = await startTend(dataDir, undefined, { TRUST_PROXY: 'true' });
  defer(() => app.stop());

  const pairs = [];
  for (let n = 0; n < PAIRS; n++) pairs.push(await pair(app, n));

  const open: Stream[] = [];
  defer(() => open.forEach((s) => s.close()));
  const listeners: { stream: Stream; conversationId: string }[] = [];
  for (const { doctor, patient, conversationId } of pairs) {
    for (const who of [doctor, patient]) {
      for (let i = 0; i < STREAMS_PER_PERSON; i++) {
        const stream = await openStream(app, who);
        open.push(stream);
        listeners.push({ stream, conversationId });
      }
    }
  }
  const rssMb = rssMbOf(app.pid);

  console.error(`Posting ${PAIRS} messages at once to ${open.length} open streams…`);
  const sentAt = new Map<string, number>();
  const posts = pairs.map(({ doctor, conversationId }) => {
    sentAt.set(conversationId, performance.now());
    return call(app, 'POST', `/api/v1/conversations/${conversationId}/messages`, 201, {
      ...doctor,
      body: { body: 'Bench fan-out message.' },
    });
  });
  const delays = await Promise.allSettled(
    listeners.map(async ({ stream, conversationId }) => {
      const at = await stream.arrival(conversationId);
      return at - (sentAt.get(conversationId) ?? at);
    }),
  );
  await Promise.all(posts);
  open.splice(0).forEach((s) => s.close());

  const sorted = delays
    .flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []))
    .sort((a, b) => a - b);
  return {
    streams: listeners.length,
    messages: PAIRS,
    delivered: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    rssMb,
    p99GoalMs: FANOUT_P99_GOAL_MS,
    rssGoalMb: FANOUT_RSS_GOAL_MB,
  };
}

export function formatEventFanout(f: EventFanout): string {
  const all = f.delivered === f.streams;
  const delayOk = all && f.p99Ms <= f.p99GoalMs;
  const rssOk = f.rssMb <= f.rssGoalMb;
  const missed = all ? '' : ` (${f.streams - f.delivered} streams got nothing)`;
  return (
    `Event fan-out: ${f.streams} open streams (${f.messages} doctor–patient pairs × 2 people × ${STREAMS_PER_PERSON}), ` +
    `${f.messages} messages posted at once, one per conversation, each to its ${2 * STREAMS_PER_PERSON} streams${missed}: ` +
    `delay from POST to arrival p50 ${f.p50Ms.toFixed(0)} ms, p99 ${f.p99Ms.toFixed(0)} ms, ` +
    `max ${f.maxMs.toFixed(0)} ms (goal p99 ≤ ${f.p99GoalMs} ms): ${delayOk ? 'OK' : 'SHORT'}\n` +
    `Event streams: server RSS with ${f.streams} streams open ${f.rssMb.toFixed(0)} MB ` +
    `(goal ≤ ${f.rssGoalMb} MB): ${rssOk ? 'OK' : 'SHORT'}`
  );
}
