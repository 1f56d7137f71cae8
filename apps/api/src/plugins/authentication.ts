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

/** How the refusal names the people a route is for (messages-es.ts has each sentence in Spanish). */
const ROLE_PLURALS: Record<UserType, string> = {
  patient: 'patients',
  doctor: 'doctors',
  pharmacy: 'pharmacies',
};

/**
 * preHandler for routes of some roles only: a patient's token on a doctor's route is refused, and
 * the reverse; a pharmacy's on anything of patients' and doctors'.
 */
export function requireRole(...roles: [UserType, ...UserType[]]) {
  const allowed = roles.map((role) => ROLE_PLURALS[role]).join(' and ');
  return async (request: FastifyRequest) => {
    if (!roles.includes(caller(request).role)) {
      throw new AppError(403, 'wrong_role', `This is only for ${allowed}.`);
    }
  };
}
