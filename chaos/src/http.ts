import http from 'node:http';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
  /** Sent as X-Forwarded-For: each virtual person gets an address (the server trusts the proxy). */
  ip?: string;
  /** A Cookie header, for the calls that carry one (the sign-in device cookie). */
  cookie?: string;
}

export interface Answer {
  /** 0 when no HTTP answer came at all (connection refused or reset, timeout). */
  status: number;
  body: unknown;
  retryAfter: string | undefined;
  /** The Set-Cookie headers, as sent. */
  setCookies?: string[];
  /** Why there was no answer, when status is 0. */
  failure?: string;
}

// A request still waiting is not lost: on a machine whose fresh memory is slow (a VM that hands
// freed pages back to its host), 200 connections queued behind SQLite's one writer kept five
// creates waiting past 20 s, each answered later. A minute still tells a hang.
const TIMEOUT_MS = 60_000;

/**
 * A keep-alive HTTP client over node:http: `connections` sockets at most, reused between requests,
 * so the load is that many real connections rather than a new handshake per request.
 */
export class Client {
  readonly agent: http.Agent;
  readonly baseUrl: string;

  constructor(baseUrl: string, connections: number) {
    this.baseUrl = baseUrl;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  call({ method, path, token, body, ip, cookie }: Call): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      // Node frames a DELETE's body only when told its length (no chunking by default for DELETE).
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (token) headers.authorization = `Bearer ${token}`;
    if (ip) headers['x-forwarded-for'] = ip;
    if (cookie) headers.cookie = cookie;
    return new Promise((resolve) => {
      const request = http.request(
        new URL(path, this.baseUrl),
        { method, headers, agent: this.agent, timeout: TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) =>
            resolve({ status: 0, body: undefined, retryAfter: undefined, failure: error.message }),
          );
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = text ? (JSON.parse(text) as unknown) : undefined;
            } catch {
              // Not JSON: kept as text, which the caller reports.
            }
            const retryAfter = response.headers['retry-after'];
            resolve({
              status: response.statusCode ?? 0,
              body: parsed,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
              setCookies: response.headers['set-cookie'] ?? [],
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      request.on('error', (error) =>
        resolve({ status: 0, body: undefined, retryAfter: undefined, failure: error.message }),
      );
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The error shape every refusal must have: `{ error: { code, message } }`. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    typeof code === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(code) &&
    typeof message === 'string' &&
    message.length > 0
  );
}

/** A short description of an answer for a failure line. */
export function describeAnswer(answer: Answer): string {
  if (answer.status === 0) return `no answer (${answer.failure ?? 'unknown'})`;
  const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  return `${answer.status} ${(body ?? '').slice(0, 300)}`;
}
