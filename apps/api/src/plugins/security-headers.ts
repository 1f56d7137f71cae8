import type { FastifyInstance } from 'fastify';

/**
 * A strict Content Security Policy the built web app runs under: scripts only from our origin, no
 * plugins, no framing. Styles allow 'unsafe-inline' because Mantine sets CSS variables and style
 * attributes at run time (docs/decisions/001-csp-inline-styles.md).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
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
 * Every answer's security headers, the ones helmet's defaults set (with our CSP and no referrer),
 * written out once at start-up: helmet rebuilt them on every request (docs/decisions/015).
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

/** Health data must not stay in a shared browser's cache or a proxy's. */
export const API_CACHE_CONTROL = 'no-store';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  // Set first, so a route that needs its own (a report file's sandboxing CSP) replaces one.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  // Every API answer, errors included, unless its route chose its own policy (a profile picture,
  // the API docs' static files): those set Cache-Control themselves and are left as they are.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', API_CACHE_CONTROL);
    done(null, payload);
  });
  return Promise.resolve();
}
