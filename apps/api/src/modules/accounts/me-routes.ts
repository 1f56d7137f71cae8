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
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('me');
const errors = errorResponses(400, 401, 403, 409, 429);

/** The signed-in person's own account and profile. */
export function meRoutes(me: MeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me',
      route.signedIn(gate.signedIn, 'My account and profile', {
        response: { 200: profileSchema, 401: apiErrorSchema },
      }),
      async (request) => me.getProfile(caller(request).userId),
    );

    app.patch(
      '/me/update',
      route.signedIn(gate.signedIn, 'Update my profile; only the fields sent change', {
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      }),
      async (request) => {
        const { userId, role } = caller(request);
        return me.updateProfile(userId, role, request.body);
      },
    );

    app.post(
      '/me/password',
      route.signedIn(gate.signedIn, 'Change my password; every other session ends', {
        body: changePasswordRequestSchema,
        response: { 204: z.null().describe('Changed'), ...errors },
      }),
      async (request, reply) => {
        const { oldPassword, newPassword } = request.body;
        await me.changePassword(caller(request), oldPassword, newPassword, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/me',
      route.signedIn(
        gate.signedIn,
        'Delete my account and everything recorded about it (password required)',
        {
          body: deleteAccountRequestSchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      ),
      async (request, reply) => {
        await me.deleteAccount(caller(request), request.body.password, request.ip);
        clearRefreshCookie(reply);
        return reply.status(204).send(null);
      },
    );
  };
}
