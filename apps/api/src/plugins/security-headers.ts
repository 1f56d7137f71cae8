import helmet from '@fastify/helmet';
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
  'upgrade-insecure-requests': null,
};

/** Health data must not stay in a shared browser's cache or a proxy's. */
export const API_CACHE_CONTROL = 'no-store';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Every API answer, errors included, unless its route chose its own policy (a profile picture,
  // the API docs' static files): those set Cache-Control themselves and are left as they are.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', API_CACHE_CONTROL);
    return payload;
  });
}
