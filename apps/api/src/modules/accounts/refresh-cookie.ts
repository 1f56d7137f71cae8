import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@tend/shared';
import { REFRESH_TOKEN_MS } from './tokens.ts';

export const REFRESH_COOKIE = 'tend_refresh';
// Sent only to the auth endpoints: no other request carries the refresh token.
const COOKIE_PATH = `${API_PREFIX}/auth`;

export function setRefreshCookie(reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    maxAge: Math.floor(REFRESH_TOKEN_MS / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
  });
}

/** Read here only: cookies are not parsed on every request (app.ts registers the plugin without its hook). */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[REFRESH_COOKIE] : undefined;
}
