import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger } from 'fastify';
import { API_PREFIX, medicationListSchema, pageQuerySchema } from '@tend/shared';
import { bearerToken } from '../../plugins/authentication.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../plugins/compression.ts';
import { serializerCompiler } from '../../plugins/response-serializer.ts';
import { API_CACHE_CONTROL, API_SECURITY_HEADERS } from '../../plugins/security-headers.ts';
import type { AuthService } from '../accounts/auth-service.ts';
import type { ListPage } from './list-cache.ts';
import type { MedicationService } from './service.ts';

const LIST_URL = `${API_PREFIX}/medications`;
// Levels at which Fastify logs each request (at info), so this does too.
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

// What @fastify/compress (plugins/compression.ts) would choose from, in its order of preference.
const ENCODINGS = ['zstd', 'br', 'gzip', 'deflate', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const GZIP_ALIAS = /\*|x-gzip/gu;
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

const compressors: Record<Exclude<Encoding, 'identity'>, (json: Buffer) => Buffer> = {
  zstd: (json) => zstdCompressSync(json),
  // Kept, so compressed once per version: the best brotli costs ~1 ms on a 20-row page.
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (json) => gzipSync(json, { level: 9 }),
  deflate: (json) => deflateSync(json, { level: 9 }),
};

/** The encoding Fastify's compression would send this request, under the same rules. */
function encodingFor(request: IncomingMessage, length: number): Encoding {
  const accepted = request.headers['accept-encoding'];
  if (!accepted || length < COMPRESSION_THRESHOLD_BYTES) return 'identity';
  if (request.headers['x-no-compression'] !== undefined) return 'identity';
  return negotiator.negotiate(accepted.toLowerCase().replace(GZIP_ALIAS, 'gzip')) ?? 'identity';
}

export interface ListFastPathOptions {
  auth: AuthService;
  medications: MedicationService;
  log: FastifyBaseLogger;
}

/**
 * The medication list is what a patient's app asks for most (each visit to the checklist, each
 * return to the tab), and most asks find it unchanged. When the patient's first page is kept
 * (list-cache.ts: kept per list version and day, so never stale), this answers it before Fastify
 * with the bytes written and compressed once per version — after the same checks the route makes:
 * the bearer token and its live session (auth.authenticate, the one function the route's hook
 * calls), a patient's role, and the list of the token's own patient. Anything else — no or a bad
 * token, a doctor, a query string, a page not kept, any error, a closing server — goes to Fastify,
 * which answers or refuses it exactly as before and keeps the page for next time. The answer's
 * headers and body are those the route sends (tested side by side). docs/decisions/018.
 */
export function listFastPath({ auth, medications, log }: ListFastPathOptions) {
  const firstPage = pageQuerySchema.parse({});
  const serialize = serializerCompiler({
    schema: medicationListSchema,
    method: 'GET',
    url: LIST_URL,
    httpStatus: '200',
  }) as (data: unknown) => string;
  // Per kept page (the same object while it is kept): its JSON and each compressed form asked for.
  const written = new WeakMap<ListPage, Map<Encoding, Buffer>>();
  let closing = false;

  function bytesOf(page: ListPage, request: IncomingMessage) {
    let forms = written.get(page);
    if (!forms) {
      forms = new Map([['identity', Buffer.from(serialize(page))]]);
      written.set(page, forms);
    }
    const json = forms.get('identity') as Buffer;
    const encoding = encodingFor(request, json.length);
    let body = forms.get(encoding);
    if (!body) {
      body = compressors[encoding as Exclude<Encoding, 'identity'>](json);
      forms.set(encoding, body);
    }
    return { encoding, body };
  }

  /** The kept first page of the caller's own list, if every check the route makes passes. */
  async function keptFor(request: IncomingMessage): Promise<ListPage | undefined> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    const claims = await auth.authenticate(token);
    if (claims.role !== 'patient') return undefined;
    return medications.keptPage(claims.userId, firstPage);
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const started = performance.now();
    // A refusal, or anything unexpected, is Fastify's to answer in its own words.
    const page = await keptFor(request).catch(() => undefined);
    if (!page || closing || response.headersSent || request.socket.destroyed) return false;
    const { encoding, body } = bytesOf(page, request);
    response.writeHead(200, {
      ...API_SECURITY_HEADERS,
      'cache-control': API_CACHE_CONTROL,
      'content-type': 'application/json; charset=utf-8',
      ...(encoding === 'identity' ? {} : { vary: 'accept-encoding', 'content-encoding': encoding }),
      'content-length': body.length,
    });
    response.end(body);
    if (LOGS_REQUESTS.has(log.level)) {
      log.info(
        {
          // No address: behind a proxy the socket's is the proxy's, and Fastify's is proxy-aware.
          req: { method: 'GET', url: LIST_URL },
          res: { statusCode: 200 },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
    return true;
  }

  return {
    /** Whether to try it: the list's first page asked with a bearer token, no body, no query. */
    handles(request: IncomingMessage): boolean {
      return (
        !closing &&
        request.url === LIST_URL &&
        request.method === 'GET' &&
        request.headers.authorization !== undefined &&
        request.headers['content-length'] === undefined &&
        request.headers['transfer-encoding'] === undefined
      );
    },
    /** Answers and resolves true, or resolves false for Fastify to handle the request. */
    answer,
    /** From here on every request goes to Fastify, which answers 503 while it closes. */
    close(): void {
      closing = true;
    },
  };
}

export type ListFastPath = ReturnType<typeof listFastPath>;
