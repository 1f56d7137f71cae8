import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, SESSION_HINT_COOKIE } from '@tend/shared';
import { REFRESH_TOKEN_MS } from './tokens.ts';

export const REFRESH_COOKIE = 'tend_refresh';
// Sent only to the auth endpoints: no other request carries the refresh token.
const COOKIE_PATH = `${API_PREFIX}/auth`;

const REFRESH_OPTIONS = {
  path: COOKIE_PATH,
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
} as const;

// The hint lives and dies with the refresh cookie (decision 023). Readable by the page's script and
// sent with every page request, including a top-level move from another site (an emailed link),
// hence Lax. It holds "1", nothing more. Not Secure: over plain http from another machine, where the
// browser keeps no refresh cookie, a Secure hint would be dropped too and every area page sent back
// to /sign-in straight after signing in; the tab's own token still works there.
const HINT_OPTIONS = { path: '/', httpOnly: false, secure: false, sameSite: 'lax' } as const;

export function setRefreshCookie(reply: FastifyReply, token: string) {
  const maxAge = Math.floor(REFRESH_TOKEN_MS / 1000);
  reply.setCookie(REFRESH_COOKIE, token, { ...REFRESH_OPTIONS, maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...HINT_OPTIONS, maxAge });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, REFRESH_OPTIONS);
  reply.clearCookie(SESSION_HINT_COOKIE, HINT_OPTIONS);
}

/** Read here only: cookies are not parsed on every request (app.ts registers the plugin without its hook). */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[REFRESH_COOKIE] : undefined;
}
