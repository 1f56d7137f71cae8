import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

function notFoundJson(reply: FastifyReply, method: string, url: string) {
  return reply.status(404).send({
    error: { code: 'not_found', message: `There is nothing at ${method} ${url.split('?')[0]}.` },
  });
}

/**
 * In production one process serves everything: the API and the built web app. Hashed assets are
 * cached for a year; index.html never is, so a deploy reaches everyone on their next load. Any other
 * page path gets index.html and the client router decides (including its 404 page).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? IMMUTABLE : NO_CACHE);
      },
    });
  } else if (app.log.level !== 'silent') {
    app.log.warn(
      `The web app is not built (${indexFile} is missing): run "npm run build". Serving the API only.`,
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // Paths with a file extension are missing files, not client routes.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (!built || pathname.startsWith('/api/') || pathname === '/api' || !isPage || looksLikeFile) {
      return notFoundJson(reply, request.method, request.url);
    }
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
  });
}
