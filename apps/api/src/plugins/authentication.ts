import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthService } from '../modules/accounts/auth-service.ts';
import type { AccessClaims } from '../lib/access-claims.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

const notSignedIn = () => new AppError(401, 'not_signed_in', 'Please sign in to continue.');

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** The token of an `Authorization: Bearer …` header, if it has that shape. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** onRequest hook for the authenticated part of the API: a bearer token whose session is still live. */
export function authenticateWith(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw notSignedIn();
    request.auth = await auth.authenticate(token);
  };
}

/** The signed-in caller; only for handlers behind authenticateWith. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}
