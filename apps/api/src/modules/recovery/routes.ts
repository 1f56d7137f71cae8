import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailConfirmationSentSchema,
  emailStatusSchema,
  passwordResetConfirmSchema,
  passwordResetDoneSchema,
  passwordResetRequestSchema,
  passwordResetRequestedSchema,
  verifyEmailRequestSchema,
} from '@tend/shared';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import type { Recovery } from './service.ts';
import { withAnswerMessage } from '../../lib/answer-language.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

/** The links' half: no bearer token, since the person may not be able to sign in. */
export function recoveryPublicRoutes(recovery: Recovery): FastifyPluginAsyncZod {
  const route = routeDeclarations('auth');
  return async (app) => {
    app.post(
      '/auth/password-reset',
      route.open(
        'Email a link to choose a new password',
        {
          description:
            'Always 202 with the same body, whether or not an account uses the address; the link works once, for 30 minutes.',
          body: passwordResetRequestSchema,
          response: { 202: passwordResetRequestedSchema, ...errorResponses(400, 429) },
        },
        { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      ),
      async (request, reply) =>
        reply.status(202).send(await recovery.requestPasswordReset(request.body.email)),
    );

    app.post(
      '/auth/password-reset/confirm',
      route.open(
        'Set a new password with the emailed link; ends every session of the account',
        {
          body: passwordResetConfirmSchema,
          response: { 200: passwordResetDoneSchema, ...errorResponses(400, 403, 429) },
        },
        { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      ),
      async (request) =>
        withAnswerMessage(request, await recovery.confirmPasswordReset(request.body, request.ip)),
    );

    app.post(
      '/auth/verify-email',
      route.open(
        'Confirm an email address with the emailed link',
        {
          body: verifyEmailRequestSchema,
          response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 429) },
        },
        { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      ),
      async (request) => recovery.verifyEmail(request.body.token),
    );
  };
}

/** The signed-in person's own address: is it confirmed, and send the link again. */
export function recoveryMeRoutes(recovery: Recovery): FastifyPluginAsyncZod {
  const route = routeDeclarations('me');
  return async (app) => {
    app.get(
      '/me/email-status',
      route.signedIn(gate.signedIn, 'Whether my email address is confirmed', {
        response: { 200: emailStatusSchema, ...errorResponses(401, 404) },
      }),
      async (request) => recovery.emailStatus(caller(request).userId),
    );

    app.post(
      '/me/verify-email/resend',
      route.signedIn(
        gate.signedIn,
        'Email a new link to confirm my address',
        { response: { 202: emailConfirmationSentSchema, ...errorResponses(401, 404, 409, 429) } },
        { rateLimit: { max: 10, timeWindow: '1 hour' } },
      ),
      async (request, reply) =>
        reply
          .status(202)
          .send(
            withAnswerMessage(request, await recovery.resendConfirmation(caller(request).userId)),
          ),
    );
  };
}
