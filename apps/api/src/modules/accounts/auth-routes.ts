import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_POLICY,
  apiErrorSchema,
  passwordPolicySchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
} from '@tend/shared';
import type { AuthService } from './auth-service.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';
import { AppError } from '../../lib/app-error.ts';
import { readDeviceCookie, setDeviceCookie } from './device-cookies.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('auth');
const errors = errorResponses(400, 401, 403, 409, 429);

/** The public half of identity: no bearer token needed (DESIGN.md). */
export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/register',
      route.open(
        'Create a patient, doctor or pharmacy account',
        { body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } },
        { rateLimit: { max: 10, timeWindow: '1 hour' } },
      ),
      async (request, reply) => {
        const user = await auth.register(request.body, request.ip);
        return reply.status(201).send({ user });
      },
    );

    app.post(
      '/auth/sign-in',
      route.open(
        'Sign in with email and password; sets the refresh cookie, or answers { twostep, challenge } when a second step comes first',
        { body: signInRequestSchema, response: { 200: signInResponseSchema, ...errors } },
        { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      ),
      async (request, reply) => {
        const { deviceCookie, ...result } = await auth.signIn(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          deviceCookie: readDeviceCookie(request),
        });
        setDeviceCookie(reply, deviceCookie);
        if ('twostep' in result) return result;
        setRefreshCookie(reply, result.refreshToken);
        return result.session;
      },
    );

    app.post(
      '/auth/refresh',
      route.open(
        'Exchange the refresh cookie for a new access token (the cookie rotates)',
        { response: { 200: sessionResponseSchema, ...errors } },
        { rateLimit: { max: 120, timeWindow: '15 minutes' } },
      ),
      async (request, reply) => {
        try {
          const { session, refreshToken } = await auth.refresh(
            readRefreshCookie(request),
            request.ip,
          );
          setRefreshCookie(reply, refreshToken);
          return session;
        } catch (error) {
          // A refused cookie is of no more use, and the session hint beside it must not send the
          // next page load into the area again (decision 023). A 429 or 503 refuses nothing.
          if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 403)) {
            clearRefreshCookie(reply);
          }
          throw error;
        }
      },
    );

    app.get(
      '/auth/password-policy',
      route.open('The password rules the sign-up and change-password forms check against', {
        response: { 200: passwordPolicySchema },
      }),
      async () => PASSWORD_POLICY,
    );
  };
}

/** Sign-out needs the bearer token: it ends the session the token belongs to. */
export function signOutRoute(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/sign-out',
      route.signedIn(gate.signedIn, 'End this session', {
        response: { 204: z.null().describe('Signed out'), 401: apiErrorSchema },
      }),
      async (request, reply) => {
        await auth.signOut(caller(request), request.ip);
        clearRefreshCookie(reply);
        return reply.status(204).send(null);
      },
    );
  };
}
