import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailChangeConfirmSchema, emailChangeDoneSchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { EmailChanges } from './email-change.ts';
import { withAnswerMessage } from '../../lib/answer-language.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('auth');

/** The link sent to a new address; no bearer token, since it may be opened in another browser. */
export function emailChangeRoutes(emailChanges: EmailChanges): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/email-change/confirm',
      route.open(
        'Move my account to the new address the link was sent to',
        {
          description:
            'Works once, within 24 hours of the request. 409 when another account has taken the address since; nothing changes then.',
          body: emailChangeConfirmSchema,
          response: { 200: emailChangeDoneSchema, ...errorResponses(400, 403, 409, 429) },
        },
        { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      ),
      async (request) =>
        withAnswerMessage(request, await emailChanges.confirm(request.body.token, request.ip)),
    );
  };
}
