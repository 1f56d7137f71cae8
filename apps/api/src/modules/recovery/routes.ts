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

/** The links' half: no bearer token, since the person may not be able to sign in. */
export function recoveryPublicRoutes(recovery: Recovery): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/password-reset',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          summary: 'Email a link to choose a new password',
          description:
            'Always 202 with the same body, whether or not an account uses the address; the link works once, for 30 minutes.',
          tags: ['auth'],
          body: passwordResetRequestSchema,
          response: { 202: passwordResetRequestedSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await recovery.requestPasswordReset(request.body.email)),
    );

    app.post(
      '/auth/password-reset/confirm',
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          summary: 'Set a new password with the emailed link; ends every session of the account',
          tags: ['auth'],
          body: passwordResetConfirmSchema,
          response: { 200: passwordResetDoneSchema, ...errorResponses(400, 403, 429) },
        },
      },
      async (request) =>
        withAnswerMessage(request, await recovery.confirmPasswordReset(request.body, request.ip)),
    );

    app.post(
      '/auth/verify-email',
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          summary: 'Confirm an email address with the emailed link',
          tags: ['auth'],
          body: verifyEmailRequestSchema,
          response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 429) },
        },
      },
      async (request) => recovery.verifyEmail(request.body.token),
    );
  };
}

/** The signed-in person's own address: is it confirmed, and send the link again. */
export function recoveryMeRoutes(recovery: Recovery): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/email-status',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary: 'Whether my email address is confirmed',
          tags: ['me'],
          security: [{ bearer: [] }],
          response: { 200: emailStatusSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => recovery.emailStatus(caller(request).userId),
    );

    app.post(
      '/me/verify-email/resend',
      {
        config: { gate: gate.signedIn, rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: {
          summary: 'Email a new link to confirm my address',
          tags: ['me'],
          security: [{ bearer: [] }],
          response: { 202: emailConfirmationSentSchema, ...errorResponses(401, 404, 409, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            withAnswerMessage(request, await recovery.resendConfirmation(caller(request).userId)),
          ),
    );
  };
}
