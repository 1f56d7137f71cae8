import { channel } from 'node:diagnostics_channel';
import { Readable, Transform, pipeline } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_REFRESH_HEADER, LIVE_REFRESH_VALUE } from '@tend/shared';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this GET's answers are never kept (its answer depends on more than the database).
     * 'with-audit-trail': it shows audit rows, which move only their own part of the stamp.
     */
    keepAnswers?: boolean | 'with-audit-trail';
  }
  interface FastifyRequest {
    /** Where a signed-in GET's answer is kept, and the database's stamp taken before it was read. */
    keptAnswerSlot?: { key: string; stamp: string; withAuditTrail: boolean };
  }
}

/** Answers kept at most; the oldest go first. */
const MAX_ENTRIES = 4_000;
/** Bytes kept at most. */
const MAX_BYTES = 16 * 1024 * 1024;
/** A larger answer (a scan, a long FHIR export) is not kept: one would push out hundreds of small ones. */
const MAX_ANSWER_BYTES = 256 * 1024;
const MINUTE_MS = 60_000;
/** Headers not given again with a kept answer: Fastify counts the length of what it sends. */
const NOT_KEPT_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding']);

type Headers = Record<string, string | number | string[]>;

/**
 * Told of every answer given from memory (`{ url }`), for tests that must know an answer was kept
 * (apps/api/test/kept-answer-hits.ts); nothing is published while no one listens.
 */
export const keptAnswerGiven = channel('tend:kept-answer-given');

/**
 * The looks at patients' records that requests record, as the audit trail keeps them (handed in at
 * composition: audit/looks-of-request.ts), so that an answer given again records its looks again.
 */
export interface LooksOfRequests<Look> {
  /**
   * Runs the rest of a request with a note of the looks it records; `liveRefresh` when a live event,
   * not the person, asked for it (its looks are recorded less often: decision 054).
   */
  noteLooksOf(next: () => void, liveRefresh: boolean): void;
  /** What the request running now has recorded so far; undefined outside a noted request. */
  looksOfThisRequest(): readonly Look[] | undefined;
  /** Records kept looks again, as this caller's, committed and on disk before it resolves. */
  recordAgain(looks: readonly Look[], ip: string, now: Date): Promise<void>;
}

export interface KeptAnswers {
  /**
   * Sends this signed-in GET's kept answer, if one may be given again; true when it did. Only the
   * admission hook of the signed-in scope calls it, after the route's gate (gates.ts): the kept
   * answers register no hook that could answer a request by themselves.
   */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

interface Kept<Look> {
  /** The answer's bytes: JSON and CSV as written, files and PDFs as sent. */
  payload: Buffer;
  /** What the route said about it: its type, the file's name, what it may run, how long kept. */
  headers: Headers;
  stamp: string;
  /** The looks at a patient's record its request recorded, recorded again each time it is given. */
  looks: readonly Look[];
}

/**
 * Signed-in GETs answered again from memory while nothing could have changed them (DESIGN.md "One
 * request path": what makes every route fast, not one measured route; docs/decisions/035). On
 * SQLite, `Db.changeStamp` moves with every write to the database, by this process or another, so
 * an answer is given again only while the database is exactly as it was before the answer was
 * read: it can be missing, never stale. Keyed by session (a person's two devices differ, e.g.
 * "this device" among the sessions), by the minute of the app's clock (answers that depend on the
 * time — today's doses, upcoming visits, free slots — are read again each minute; times in Tend are
 * whole minutes), by language and host, and by the whole URL. Authentication, validation and the
 * route's gate (role, care link) still run on every request, before the kept answers are looked at
 * (gates.ts calls `answer`; docs/decisions/047): a revoked session or a refused caller never gets one. Only 200 answers of at most 256 kB are kept, with the headers their route set: JSON,
 * and files and downloads too (decision 038). A GET that writes changes the stamp, so its answer
 * is never kept. A doctor's look at a record moves only the audit trail's part of the stamp, which
 * only the access log's answers are kept under (decision 039); the looks its request recorded are kept with the answer and
 * recorded again, committed, before it is given again: every look is in the patient's access log
 * however it was answered. On PostgreSQL the stamp is a count in the database that every instance's
 * commits move (`Db.sharedChangeStamp`, docs/decisions/036): one round trip, shared by the requests
 * of the moment, instead of the route's queries.
 */
export function createKeptAnswers<Look>(
  scope: FastifyInstance,
  db: Pick<Db, 'changeStamp' | 'sharedChangeStamp'>,
  clock: () => Date,
  looksOfRequests: LooksOfRequests<Look>,
): KeptAnswers | undefined {
  const changeStamp = db.changeStamp;
  const sharedChangeStamp = db.sharedChangeStamp;
  if (!changeStamp && !sharedChangeStamp) return undefined;
  // Unreadable (the database is away): the request runs its own queries, which say so.
  const stampNow =
    changeStamp ??
    ((withAuditTrail: boolean) => sharedChangeStamp?.(withAuditTrail).catch(() => undefined));
  const entries = new Map<string, Kept<Look>>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.payload.length;
  };
  const headersOf = (reply: FastifyReply): Headers => {
    const headers: Headers = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_KEPT_HEADERS.has(name)) headers[name] = value;
    }
    return headers;
  };
  const keep = (key: string, entry: Kept<Look>) => {
    forget(key);
    while (entries.size >= MAX_ENTRIES || bytes + entry.payload.length > MAX_BYTES) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      forget(oldest.value);
    }
    entries.set(key, entry);
    bytes += entry.payload.length;
  };

  // The rest of a GET runs with a note of the looks it records.
  scope.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET') {
      const refresh = request.headers[LIVE_REFRESH_HEADER.toLowerCase()];
      looksOfRequests.noteLooksOf(done, refresh === LIVE_REFRESH_VALUE);
    } else done();
  });

  const answer = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.method !== 'GET' || !request.auth) return false;
    const keepAnswers = request.routeOptions.config.keepAnswers;
    if (keepAnswers === false) return false;
    const withAuditTrail = keepAnswers === 'with-audit-trail';
    const key = keyOf(request, Math.floor(clock().getTime() / MINUTE_MS));
    const stamp = await stampNow(withAuditTrail);
    if (stamp === undefined) return false;
    const kept = entries.get(key);
    if (kept !== undefined && kept.stamp === stamp) {
      if (kept.looks.length > 0) {
        await looksOfRequests.recordAgain(kept.looks, request.ip, clock());
      }
      if (keptAnswerGiven.hasSubscribers) keptAnswerGiven.publish({ url: request.url });
      reply.headers(kept.headers);
      reply.send(kept.payload);
      return true;
    }
    if (kept !== undefined) forget(key);
    request.keptAnswerSlot = { key, stamp, withAuditTrail };
    return false;
  };

  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const slot = request.keptAnswerSlot;
    if (
      slot === undefined ||
      reply.statusCode !== 200 ||
      // A live stream never ends; only answers that do are kept.
      String(reply.getHeader('content-type')).startsWith('text/event-stream') ||
      // Written since it was asked (by this request, or another meanwhile): keeping it would be
      // pointless, it could never be given again. (PostgreSQL's stamp is not read again for this:
      // a kept answer under a moved stamp is only never found.)
      (changeStamp !== undefined && changeStamp(slot.withAuditTrail) !== slot.stamp)
    ) {
      return payload;
    }
    const answer = (body: Buffer): Kept<Look> => ({
      payload: body,
      headers: headersOf(reply),
      stamp: slot.stamp,
      looks: [...(looksOfRequests.looksOfThisRequest() ?? [])],
    });
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      // Kept as bytes: given again, a string would be measured and encoded anew every time. (A
      // string's length never exceeds its bytes, so a long one is passed over before encoding.)
      if (payload.length <= MAX_ANSWER_BYTES) {
        const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
        if (bytes.length <= MAX_ANSWER_BYTES) keep(slot.key, answer(bytes));
      }
      return payload;
    }
    // A file or an export streamed out: kept as it passes, once it has ended whole and small.
    if (payload instanceof Readable) {
      const declared = Number(reply.getHeader('content-length') ?? 0);
      if (declared > MAX_ANSWER_BYTES) return payload;
      const kept = answer(Buffer.alloc(0));
      const chunks: Buffer[] = [];
      let size = 0;
      const copy = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          size += piece.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(piece);
          done(null, piece);
        },
        flush(done) {
          if (size <= MAX_ANSWER_BYTES) keep(slot.key, { ...kept, payload: Buffer.concat(chunks) });
          done();
        },
      });
      // A source that fails ends the answer in error, as it would have, and keeps nothing.
      return pipeline(payload, copy, () => {});
    }
    return payload;
  });

  return { answer };
}

function keyOf(request: FastifyRequest, minute: number): string {
  const auth = request.auth;
  return [
    auth?.sessionId ?? '',
    auth?.userId ?? '',
    minute,
    request.headers['accept-language'] ?? '',
    request.host,
    request.url,
  ].join('\n');
}
