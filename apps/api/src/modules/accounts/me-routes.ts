import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  profileSchema,
  profileUpdateSchema,
} from '@tend/shared';
import { clearRefreshCookie } from './refresh-cookie.ts';
import type { MeService } from './me-service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller, gate } from '../../plugins/gates.ts';

const errors = errorResponses(400, 401, 403, 409, 429);
const security = [{ bearer: [] }];

/** The signed-in person's own account and profile. */
export function meRoutes(me: MeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary: 'My account and profile',
          tags: ['me'],
          security,
          response: { 200: profileSchema, 401: apiErrorSchema },
        },
      },
      async (request) => me.getProfile(caller(request).userId),
    );

    app.patch(
      '/me/update',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary: 'Update my profile; only the fields sent change',
          tags: ['me'],
          security,
          body: profileUpdateSchema,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => {
        const { userId, role } = caller(request);
        return me.updateProfile(userId, role, request.body);
      },
    );

    app.post(
      '/me/password',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary: 'Change my password; every other session ends',
          tags: ['me'],
          security,
          body: changePasswordRequestSchema,
          response: { 204: z.null().describe('Changed'), ...errors },
        },
      },
      async (request, reply) => {
        const { oldPassword, newPassword } = request.body;
        await me.changePassword(caller(request), oldPassword, newPassword, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/me',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary: 'Delete my account and everything recorded about it (password required)',
          tags: ['me'],
          security,
          body: deleteAccountRequestSchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await me.deleteAccount(caller(request), request.body.password, request.ip);
        clearRefreshCookie(reply);
        return reply.status(204).send(null);
      },
    );
  };
}
