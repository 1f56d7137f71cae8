import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE, SIGNED_IN_PAGE_PREFIXES } from '@tend/shared';
import { methodNotAllowed, methodsAt } from './method-not-allowed.ts';
import { inAnswerLanguage } from '../lib/answer-language.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/**
 * The page every client route starts from. The build writes it beside index.html, which is the
 * landing page rendered at build time (docs/decisions/014-lean-first-load.md); a build without it
 * serves index.html for every page, as before.
 */
export const APP_SHELL_FILE = 'app.html';

/**
 * The same shell for the pages of the three areas, naming the files every area page needs so the
 * browser fetches them alongside the app's entry (docs/decisions/029-area-first-load-files.md). A
 * build without it serves the shell there too.
 */
export const AREA_SHELL_FILE = 'app-area.html';
const AREA_PAGE_PREFIXES = ['/patient', '/doctor', '/pharmacy'];

const SHELLS = new Set(['index.html', APP_SHELL_FILE, AREA_SHELL_FILE]);

/**
 * Pages the build rendered to HTML beside the shell, such as sign-in.html for /sign-in: every
 * other .html file in the build's top folder, by the path it serves.
 */
function prerenderedPages(webDistDir: string): Map<string, string> {
  const files = readdirSync(webDistDir).filter(
    (file) => file.endsWith('.html') && !SHELLS.has(file),
  );
  return new Map(files.map((file) => [`/${file.slice(0, -'.html'.length)}`, file]));
}

const isUnder = (pathname: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

const needsSession = (pathname: string) => isUnder(pathname, SIGNED_IN_PAGE_PREFIXES);

/** The browser's "I hold a session" hint (set beside the refresh cookie; decision 023). */
function hasSessionHint(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[SESSION_HINT_COOKIE] === '1' : false;
}

/**
 * A page of an area opened without a session goes to sign-in before any of the app is sent, and
 * comes back here after (docs/decisions/023-signed-in-in-every-tab.md). With the hint, the app
 * loads and its refresh call decides; the hint alone lets nobody see anything.
 */
function signInFirst(reply: FastifyReply, url: string) {
  const next = encodeURIComponent(url);
  return reply.header('Cache-Control', 'no-store').redirect(`/sign-in?next=${next}`, 302);
}

/**
 * Whether a path has a segment that decodes to "." or "..", or to something holding a "/" or "\"
 * ("/..%2f..%2fetc%2fpasswd", "/%2e%2e/x"), or that does not decode at all. No file or page is
 * named so: the file server would refuse some with its own 403 and miss others into the app shell.
 */
export function hasEncodedTraversal(pathname: string): boolean {
  return pathname.split('/').some((segment) => {
    if (!segment.includes('%')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return decoded === '.' || decoded === '..' || /[/\\]/.test(decoded);
  });
}

const isApiPath = (pathname: string) => pathname.startsWith('/api/') || pathname === '/api';

function notFoundJson(reply: FastifyReply, method: string, url: string) {
  return reply.status(404).send({
    error: {
      code: 'not_found',
      message: inAnswerLanguage(
        reply.request,
        `There is nothing at ${method} ${url.split('?')[0]}.`,
      ),
    },
  });
}

/**
 * In production one process serves everything: the API and the built web app. Files under
 * /assets/ carry a content hash in their names, so they are cached for a year; everything else
 * (the pages, the service worker, the icon) is revalidated on every load, so a deploy reaches
 * everyone at once. The build leaves a brotli (.br) and a gzip (.gz) copy beside each file, sent
 * to clients that accept them. A page the build rendered (sign-in.html) answers its own path
 * (/sign-in); any other page path gets the app shell and the client router decides (including
 * its 404 page), except that a page of an area opened with no session hint goes to /sign-in, and
 * one opened with it gets the area's shell.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const shell = existsSync(path.join(webDistDir, APP_SHELL_FILE)) ? APP_SHELL_FILE : 'index.html';
  const areaShell = existsSync(path.join(webDistDir, AREA_SHELL_FILE)) ? AREA_SHELL_FILE : shell;
  const prerendered = built ? prerenderedPages(webDistDir) : new Map<string, string>();
  // Before the file server sees them: such a path is answered like any missing file, a 404 in the
  // error shape (the API's own router already answers its paths so).
  app.addHook('onRequest', (request, reply, done) => {
    // Every request passes here: one scan of the URL, and nothing more without a "%" in it.
    if (!request.url.includes('%')) return done();
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || !hasEncodedTraversal(pathname)) return done();
    void notFoundJson(reply, request.method, request.url);
  });
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
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
    const isApi = isApiPath(pathname);
    const allowed = isApi ? methodsAt(app, pathname) : [];
    if (allowed.length > 0) return methodNotAllowed(reply, request.method, pathname, allowed);
    if (!built || isApi || !isPage || looksLikeFile) {
      return notFoundJson(reply, request.method, request.url);
    }
    if (needsSession(pathname) && !hasSessionHint(request)) return signInFirst(reply, request.url);
    const page =
      prerendered.get(pathname) ?? (isUnder(pathname, AREA_PAGE_PREFIXES) ? areaShell : shell);
    return reply.header('Cache-Control', NO_CACHE).sendFile(page);
  });
}
