import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  recoveryCodesSchema,
  sessionResponseSchema,
  twoStepChallengeRequestSchema,
  twoStepCodeRequestSchema,
  twoStepDisableRequestSchema,
  twoStepEnabledSessionSchema,
  twoStepSetupAtSignInRequestSchema,
  twoStepSetupRequestSchema,
  twoStepSetupSchema,
  twoStepSignInRequestSchema,
  twoStepStatusSchema,
  type SessionResponse,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { TwoStepService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('two-step');
const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Turning two-step sign-in on and off, for the signed-in person (Sign-in and devices). */
export function twoStepMeRoutes<S>(twoStep: TwoStepService<S>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/two-step',
      route.signedIn(
        gate.signedIn,
        'Whether two-step sign-in is on, required by the clinic, and recovery codes left',
        { response: { 200: twoStepStatusSchema, ...errorResponses(401) } },
      ),
      async (request) => {
        const { userId, role } = caller(request);
        return twoStep.status(userId, role);
      },
    );

    app.post(
      '/me/two-step/setup',
      route.signedIn(
        gate.signedIn,
        'Start setting up (password required): a new secret, its otpauth address and QR code; on once /enable confirms a code',
        {
          body: twoStepSetupRequestSchema,
          response: { 200: twoStepSetupSchema, ...errorResponses(400, 401, 409, 429) },
        },
      ),
      async (request) => twoStep.setup(caller(request).userId, request.body.password),
    );

    app.post(
      '/me/two-step/enable',
      route.signedIn(
        gate.signedIn,
        'Confirm the set-up secret with a code from the app; answers ten recovery codes',
        {
          body: twoStepCodeRequestSchema,
          response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
        },
      ),
      async (request) => twoStep.enable(caller(request).userId, request.body.code, request.ip),
    );

    app.post(
      '/me/two-step/disable',
      route.signedIn(
        gate.signedIn,
        'Turn two-step sign-in off (password and a code); refused when the clinic requires it',
        {
          body: twoStepDisableRequestSchema,
          response: {
            204: z.null().describe('Turned off'),
            ...errorResponses(400, 401, 403, 409, 429),
          },
        },
      ),
      async (request, reply) => {
        const { userId, role } = caller(request);
        const { password, code } = request.body;
        await twoStep.disable(userId, role, password, code, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/me/two-step/recovery-codes',
      route.signedIn(
        gate.signedIn,
        'Ten new recovery codes (a code from the app required); the old ones stop working',
        {
          body: twoStepCodeRequestSchema,
          response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
        },
      ),
      async (request) =>
        twoStep.renewRecoveryCodes(caller(request).userId, request.body.code, request.ip),
    );
  };
}

/**
 * The second step of signing in, and setting it up while signing in when the clinic requires it.
 * No bearer token: the challenge from POST /auth/sign-in stands for the right password.
 * `respond` sets the refresh cookie and gives the session, as sign-in does.
 */
export function twoStepSignInRoutes<S>(
  twoStep: TwoStepService<S>,
  respond: (reply: FastifyReply, signedIn: S) => SessionResponse,
): FastifyPluginAsyncZod {
  const rateLimit = { max: 30, timeWindow: '15 minutes' };
  const errors = errorResponses(400, 401, 403, 409, 429);
  return async (app) => {
    app.post(
      '/auth/sign-in/two-step',
      route.open(
        'Finish signing in with a code from the app or a recovery code; sets the refresh cookie',
        { body: twoStepSignInRequestSchema, response: { 200: sessionResponseSchema, ...errors } },
        { rateLimit },
      ),
      async (request, reply) => {
        const { challenge, code, recoverycode = '' } = request.body;
        const answer = code === undefined ? { recoverycode } : { code };
        return respond(reply, await twoStep.finishSignIn(challenge, answer, meta(request)));
      },
    );

    app.post(
      '/auth/sign-in/two-step/setup',
      route.open(
        'Required by the clinic: a secret and QR code to set up before the first sign-in',
        { body: twoStepChallengeRequestSchema, response: { 200: twoStepSetupSchema, ...errors } },
        { rateLimit },
      ),
      async (request) => twoStep.setupAtSignIn(request.body.challenge),
    );

    app.post(
      '/auth/sign-in/two-step/enable',
      route.open(
        'Required by the clinic: confirm a code; turns two-step sign-in on and signs in, with ten recovery codes',
        {
          body: twoStepSetupAtSignInRequestSchema,
          response: { 200: twoStepEnabledSessionSchema, ...errors },
        },
        { rateLimit },
      ),
      async (request, reply) => {
        const { challenge, code } = request.body;
        const { session, recoverycodes } = await twoStep.enableAtSignIn(
          challenge,
          code,
          meta(request),
        );
        return { ...respond(reply, session), recoverycodes };
      },
    );
  };
}
