import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caregivingSchema,
  dependentInputSchema,
  dependentInvitationSchema,
  dependentInvitationSentSchema,
  dependentInviteSchema,
  ownSignInSchema,
} from '@tend/shared';
import type { CaregiverService } from './service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('caregivers', errorResponses(400, 401, 403, 404, 409, 410));

/**
 * Dependents (DESIGN.md "Caregivers", docs/decisions/051): a patient makes the record of someone
 * without a sign-in and looks after it; later sends them a sign-in of their own.
 */
export function dependentRoutes(caregivers: CaregiverService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dependents',
      route.signedIn(
        gate.roles('patient'),
        'Add someone I look after who has no sign-in of their own (a child, a parent): cared for by me with every area',
        { body: dependentInputSchema, response: { 201: caregivingSchema } },
      ),
      async (request, reply) =>
        reply
          .status(201)
          .send(await caregivers.addDependent(caller(request).userId, request.body, request.ip)),
    );

    app.post(
      '/dependents/:id/invite',
      route.signedIn(
        gate.roles('patient'),
        'Send someone I look after a sign-in of their own, by email (a new one replaces the open one)',
        {
          params: idParams,
          body: dependentInviteSchema,
          response: { 202: dependentInvitationSentSchema },
        },
      ),
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await caregivers.inviteDependent(
              caller(request).userId,
              request.params.id,
              request.body.email,
              request.ip,
            ),
          ),
    );
  };
}

/** The page a dependent's emailed link opens: who sends it; then their password. */
export function ownSignInRoutes(caregivers: CaregiverService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dependent-invitations/:id/look',
      route.open(
        'The invitation to a sign-in of my own that an emailed link names (its token in the body)',
        {
          params: idParams,
          body: z.strictObject({ token: z.string().min(1).max(200) }),
          response: { 200: dependentInvitationSchema },
        },
      ),
      async (request) =>
        caregivers.dependentInvitationByLink(request.params.id, request.body.token),
    );

    app.post(
      '/dependent-invitations/:id/accept',
      route.open(
        'Take a sign-in of my own: the emailed link’s token and the password I choose; I then sign in with the invited address',
        {
          params: idParams,
          body: ownSignInSchema,
          response: { 200: z.object({ email: z.string() }) },
        },
      ),
      async (request) =>
        caregivers.takeOwnSignIn(
          request.params.id,
          request.body.token,
          request.body.password,
          request.ip,
        ),
    );
  };
}
