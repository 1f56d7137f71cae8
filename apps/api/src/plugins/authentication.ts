import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserType } from '@tend/shared';
import { AppError } from '../lib/app-error.ts';
import type { AuthService } from '../modules/accounts/auth-service.ts';
import type { AccessClaims } from '../modules/accounts/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

const notSignedIn = () => new AppError(401, 'not_signed_in', 'Please sign in to continue.');

/** onRequest hook for the authenticated part of the API: a bearer token whose session is still live. */
export function authenticateWith(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
    if (!match?.[1]) throw notSignedIn();
    request.auth = await auth.authenticate(match[1]);
  };
}

/** The signed-in caller; only for handlers behind authenticateWith. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/** preHandler for routes of one role: a patient's token on a doctor's route is refused, and the reverse. */
export function requireRole(role: UserType) {
  return async (request: FastifyRequest) => {
    if (caller(request).role !== role) {
      throw new AppError(403, 'wrong_role', `This is only for ${role}s.`);
    }
  };
}
