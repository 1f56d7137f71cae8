import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, LANGUAGE_GATE_SCRIPT } from '@tend/shared';

/**
 * A strict Content Security Policy the built web app runs under: scripts only from our origin, no
 * plugins, no framing. Styles allow 'unsafe-inline' because Mantine sets CSS variables and style
 * attributes at run time (docs/decisions/001-csp-inline-styles.md). The one inline script, which
 * keeps a page prerendered in English hidden until it is drawn in another language, is allowed by
 * its hash alone (LANGUAGE_GATE_SCRIPT in packages/shared/src/languages.ts).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    `'sha256-${createHash('sha256').update(LANGUAGE_GATE_SCRIPT).digest('base64')}'`,
  ],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The security headers of everything a browser may show as a page — the web app, the API docs, a
 * report file or receipt — the ones helmet's defaults set (with our CSP and no referrer), written
 * out once at start-up: helmet rebuilt them on every request (docs/decisions/015).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(contentSecurityPolicy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * A JSON answer of the API is read by a script, never shown as a page, so most page headers mean
 * nothing on it (OWASP's REST Security cheat sheet): it keeps what stops it being sniffed as
 * something else, run or framed if opened directly, or read by another site's page. HSTS comes
 * with the web app's pages, which a browser loads first. Every answer on a busy API carries them,
 * and the eight page-only headers more than doubled what a client parsed (docs/decisions/018).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/**
 * The health check is public, holds nothing personal and is read by load balancers and monitors,
 * many times a second: it only needs not to be sniffed as something else (and `no-store`, below).
 */
export const HEALTH_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
};

/** Health data must not stay in a shared browser's cache or a proxy's. */
export const API_CACHE_CONTROL = 'no-store';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The versioned API's answers, as against the API docs' pages under /api/docs. */
function isApiAnswerPath(url: string): boolean {
  return url.startsWith(`${API_PREFIX}/`) || url === API_PREFIX || url.startsWith(`${API_PREFIX}?`);
}

const HEALTH_PATH = `${API_PREFIX}/health`;
const isHealthPath = (url: string) =>
  url === HEALTH_PATH || url.startsWith(`${HEALTH_PATH}?`) || url === `${HEALTH_PATH}/`;

function headersFor(url: string): Readonly<Record<string, string>> {
  if (!isApiAnswerPath(url)) return SECURITY_HEADERS;
  return isHealthPath(url) ? HEALTH_SECURITY_HEADERS : API_SECURITY_HEADERS;
}

/** A file rather than JSON (an empty answer, a 204, has no type and is neither). */
const isFile = (type: unknown) =>
  type !== undefined && !(typeof type === 'string' && type.startsWith('application/json'));

export async function registerSecurityHeaders(app: FastifyInstance) {
  // Set first, so a route that needs its own (a report file's sandboxing CSP) replaces one.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
  // Every API answer, errors included, unless its route chose its own policy (a profile picture,
  // the API docs' static files): those set Cache-Control themselves and are left as they are.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiPath(request.url)) return done(null, payload);
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', API_CACHE_CONTROL);
    // A file the API sends (a report, a receipt, a picture, a calendar) may be opened as a page:
    // it gets a page's headers, keeping any its route set (a report's sandboxing CSP).
    if (isApiAnswerPath(request.url) && isFile(reply.getHeader('content-type'))) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        const current = reply.getHeader(name);
        if (current === undefined || current === API_SECURITY_HEADERS[name])
          reply.header(name, value);
      }
    }
    done(null, payload);
  });
  return Promise.resolve();
}
