/**
 * Live-event fan-out (issue 10): 1 000 open event streams on one Tend, a message fanned out to them.
 * A message goes to its two participants and a person may hold 10 streams, so one message reaches
 * at most 20 streams: no single request can reach all 1 000. Two measurements on the same 1 000
 * streams (100 people × 10, 50 doctor–patient conversations):
 * - one message at a time: each of the 50 conversations gets a message in turn (the next once the
 *   last reached all its 20 streams): the delay a person sees while 1 000 streams are open;
 * - 50 messages at once, one per conversation: all 1 000 streams get an event at the same moment,
 *   the nearest the API comes to one message reaching all of them; each delay includes the other
 *   49 sends' work, so the time the POSTs took to be answered, and the server's CPU time for the
 *   burst, are reported beside it (on a shared machine the CPU time varies least).
 * Every delay runs from the moment the POST is sent to the moment the stream's frame is read.
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

export interface Delays {
  /** Deliveries expected: each message's 20 streams. */
  expected: number;
  /** Deliveries that arrived before the deadline. */
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface EventFanout {
  streams: number;
  messages: number;
  /** One message at a time, each to its 20 streams. */
  oneAtATime: Delays;
  /** All messages posted at the same instant. */
  atOnce: Delays;
  /** How long the POSTs sent at once took to be answered: the writes queued behind each other. */
  atOnceAnsweredP50Ms: number;
  atOnceAnsweredMaxMs: number;
  /** CPU time (user + system) the server spent from the first POST to the last arrival. */
  atOnceServerCpuMs: number;
  /** Server RSS before the streams were opened (accounts made) and once every stream was open. */
  rssBeforeMb: number;
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
  /** Resolves with the time the `message` event of this message was read, or rejects past the deadline. */
  arrival(messageId: string): Promise<number>;
  close(): void;
}

/** The process's user + system CPU time so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
          // Taken first: the time this process reads the frame, before any parsing of ours.
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.includes('event: message\n')) continue;
            const data = block.slice(block.indexOf('data:') + 5);
            const { messageId } = JSON.parse(data) as { messageId?: string | null };
            // Read receipts are message events too, without a messageId.
            if (!messageId || arrivals.has(messageId)) continue;
            arrivals.set(messageId, at);
            waiters.get(messageId)?.(at);
          }
        });
        // Closing the streams ourselves ends them with an abort; that is not news.
        response.on('error', () => {});
        resolve({
          arrival(messageId) {
            const seen = arrivals.get(messageId);
            if (seen !== undefined) return Promise.resolve(seen);
            return new Promise((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error('no message event before the deadline')),
                DELIVERY_DEADLINE_MS,
              );
              waiters.set(messageId, (at) => {
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

function summarize(expected: number, settled: PromiseSettledResult<number>[]): Delays {
  const sorted = settled
    .flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []))
    .sort((a, b) => a - b);
  return {
    expected,
    delivered: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

interface Conversation {
  doctor: Person;
  conversationId: string;
  /** The 20 open streams of its doctor and patient. */
  streams: Stream[];
}

/** Posts one message; resolves with its id, the time it was sent and the time it was answered. */
async function postMessage(app: TendServer, { doctor, conversationId }: Conversation) {
  const sentAt = performance.now();
  const message = await call(app, 'POST', `/api/v1/conversations/${conversationId}/messages`, 201, {
    ...doctor,
    body: { body: 'Bench fan-out message.' },
  });
  if (typeof message._id !== 'string') throw new Error('the message has no _id');
  return { messageId: message._id, sentAt, answeredAt: performance.now() };
}

/** Each stream's delay from the POST's send to its frame, for every message of a round. */
function delaysOf(
  rounds: { conversation: Conversation; sentAt: number; messageId: string }[],
): Promise<PromiseSettledResult<number>[]> {
  return Promise.allSettled(
    rounds.flatMap(({ conversation, sentAt, messageId }) =>
      conversation.streams.map(async (stream) => (await stream.arrival(messageId)) - sentAt),
    ),
  );
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
  const rssBeforeMb = rssMbOf(app.pid);

  const open: Stream[] = [];
  defer(() => open.forEach((s) => s.close()));
  const conversations: Conversation[] = [];
  for (const { doctor, patient, conversationId } of pairs) {
    const streams: Stream[] = [];
    for (const who of [doctor, patient]) {
      for (let i = 0; i < STREAMS_PER_PERSON; i++) streams.push(await openStream(app, who));
    }
    open.push(...streams);
    conversations.push({ doctor, conversationId, streams });
  }
  const rssMb = rssMbOf(app.pid);

  console.error(`Posting ${PAIRS} messages one at a time to ${open.length} open streams…`);
  const oneAtATime: PromiseSettledResult<number>[] = [];
  for (const conversation of conversations) {
    const { messageId, sentAt } = await postMessage(app, conversation);
    oneAtATime.push(...(await delaysOf([{ conversation, sentAt, messageId }])));
  }

  console.error(`Posting ${PAIRS} messages at once…`);
  const cpuBefore = cpuMsOf(app.pid);
  const posted = await Promise.all(
    conversations.map(async (conversation) => ({
      conversation,
      ...(await postMessage(app, conversation)),
    })),
  );
  const atOnce = await delaysOf(posted);
  const atOnceServerCpuMs = cpuMsOf(app.pid) - cpuBefore;
  const answered = posted.map((p) => p.answeredAt - p.sentAt).sort((a, b) => a - b);
  open.splice(0).forEach((s) => s.close());

  const expected = conversations.length * 2 * STREAMS_PER_PERSON;
  return {
    streams: streamCount,
    messages: PAIRS,
    oneAtATime: summarize(expected, oneAtATime),
    atOnce: summarize(expected, atOnce),
    atOnceAnsweredP50Ms: percentile(answered, 50),
    atOnceAnsweredMaxMs: answered.at(-1) ?? Number.NaN,
    atOnceServerCpuMs,
    rssBeforeMb,
    rssMb,
    p99GoalMs: FANOUT_P99_GOAL_MS,
    rssGoalMb: FANOUT_RSS_GOAL_MB,
  };
}

function delayLine(label: string, d: Delays, goalMs: number): string {
  const all = d.delivered === d.expected;
  const missed = all ? '' : ` (${d.expected - d.delivered} deliveries missing)`;
  const ok = all && d.p99Ms <= goalMs;
  return (
    `${label}${missed}: delay from POST to arrival p50 ${d.p50Ms.toFixed(0)} ms, ` +
    `p99 ${d.p99Ms.toFixed(0)} ms, max ${d.maxMs.toFixed(0)} ms (goal p99 ≤ ${goalMs} ms): ${ok ? 'OK' : 'SHORT'}`
  );
}

export function formatEventFanout(f: EventFanout): string {
  const perMessage = 2 * STREAMS_PER_PERSON;
  const rssOk = f.rssMb <= f.rssGoalMb;
  return [
    `Event fan-out with ${f.streams} open streams (${f.messages} doctor–patient pairs × 2 people × ${STREAMS_PER_PERSON}):`,
    delayLine(
      `  ${f.messages} messages one at a time, each to its ${perMessage} streams`,
      f.oneAtATime,
      f.p99GoalMs,
    ),
    delayLine(
      `  ${f.messages} messages at once, ${f.atOnce.expected} deliveries`,
      f.atOnce,
      f.p99GoalMs,
    ) +
      `\n    (the ${f.messages} POSTs were answered after p50 ${f.atOnceAnsweredP50Ms.toFixed(0)} ms, ` +
      `the last after ${f.atOnceAnsweredMaxMs.toFixed(0)} ms; the server spent ${f.atOnceServerCpuMs} ms of CPU on the burst)`,
    `Event streams: server RSS with ${f.streams} streams open ${f.rssMb.toFixed(0)} MB, ` +
      `${f.rssBeforeMb.toFixed(0)} MB before they opened (goal ≤ ${f.rssGoalMb} MB): ${rssOk ? 'OK' : 'SHORT'}`,
  ].join('\n');
}
