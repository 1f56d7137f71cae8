import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caregiverInviteSchema,
  caregiverListQuerySchema,
  caregiverPatchSchema,
  caregivingListSchema,
  caregivingSchema,
} from '@tend/shared';
import type { CaregiverService } from './service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller, gate } from '../../plugins/gates.ts';

const security = [{ bearer: [] }];
const tags = ['caregivers'];
const errors = errorResponses(400, 401, 403, 404, 409, 410);
const idParams = z.object({ id: z.string().max(64) });
/** The secret of the emailed link, for someone who accepts from it under another address. */
const answerBody = z.strictObject({ token: z.string().max(200).optional() }).default({});

/**
 * Caregivers (DESIGN.md "Caregivers"): a patient invites, changes and removes; the invited
 * patient account accepts or declines; either side ends it. Caregiving is done from a patient
 * account, so every route is for patients.
 */
export function caregiverRoutes(caregivers: CaregiverService): FastifyPluginAsyncZod {
  return async (app) => {
    const forPatients = { gate: gate.roles('patient') };

    app.post(
      '/caregivers',
      {
        config: forPatients,
        schema: {
          summary:
            'Invite a caregiver by email, with the areas they may see and act on and their missed-dose alerts; the same answer whether or not the address has an account',
          tags,
          security,
          body: caregiverInviteSchema,
          response: { 201: caregivingSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await caregivers.invite(caller(request).userId, request.body, request.ip)),
    );

    app.get(
      '/caregivers',
      {
        config: forPatients,
        schema: {
          summary:
            'My caregivers and open invitations; with as=caregiver, the people I care for and invitations to me',
          tags,
          security,
          querystring: caregiverListQuerySchema,
          response: { 200: caregivingListSchema, ...errors },
        },
      },
      async (request) => {
        const { as, ...page } = request.query;
        return caregivers.list(caller(request), as, page);
      },
    );

    for (const action of ['accept', 'decline'] as const) {
      app.post(
        `/caregivers/:id/${action}`,
        {
          config: forPatients,
          schema: {
            summary:
              action === 'accept'
                ? 'Accept an invitation to my address (or opened from its emailed link, with its token)'
                : 'Decline an invitation',
            tags,
            security,
            params: idParams,
            body: answerBody,
            response: {
              200: action === 'accept' ? caregivingSchema : z.null(),
              204: z.null(),
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const { id } = request.params;
          if (action === 'accept') {
            return caregivers.accept(caller(request), id, request.body.token, request.ip);
          }
          await caregivers.decline(caller(request), id, request.body.token);
          return reply.status(204).send(null);
        },
      );
    }

    app.patch(
      '/caregivers/:id',
      {
        config: forPatients,
        schema: {
          summary:
            'The patient changes the areas and the alerts’ delay; the caregiver whether they want missed-dose alerts',
          tags,
          security,
          params: idParams,
          body: caregiverPatchSchema,
          response: { 200: caregivingSchema, ...errors },
        },
      },
      async (request) =>
        caregivers.change(caller(request), request.params.id, request.body, request.ip),
    );

    app.delete(
      '/caregivers/:id',
      {
        config: forPatients,
        schema: {
          summary:
            'End it at once: the patient removes a caregiver or an invitation, or the caregiver steps back',
          tags,
          security,
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await caregivers.end(caller(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    );
  };
}

/** The page an emailed invitation opens, before its reader has an account: who asks, for what. */
export function invitationLinkRoutes(caregivers: CaregiverService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/caregiver-invitations/:id/look',
      {
        schema: {
          summary:
            'The invitation an emailed link names (its token in the body), to show before signing up',
          tags,
          params: idParams,
          body: z.strictObject({ token: z.string().min(1).max(200) }),
          response: { 200: caregivingSchema, ...errors },
        },
      },
      async (request) => caregivers.invitationByLink(request.params.id, request.body.token),
    );
  };
}
