import type { FastifyReply, FastifyRequest } from 'fastify';
import { notSignedIn } from '../../plugins/gates.ts';
import type { AuthService } from './auth-service.ts';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** The token of an `Authorization: Bearer …` header, if it has that shape. */
function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * onRequest hook for the authenticated part of the API: a bearer token whose session is still live.
 * Handlers read who passed with `caller` (plugins/gates.ts).
 */
export function authenticateWith(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw notSignedIn();
    request.auth = await auth.authenticate(token);
  };
}
