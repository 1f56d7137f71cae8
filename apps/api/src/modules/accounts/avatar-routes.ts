import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, profileSchema, UPLOAD_MAX_BYTES } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { imageTooLarge } from './avatar-image.ts';
import type { MeService } from './me-service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('me');
const uploadErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

export function avatarRoutes(me: MeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/me/avatar',
      route.signedIn(
        gate.signedIn,
        'Upload my profile picture (multipart field "file": JPG, GIF or PNG, at most 2 MB)',
        { consumes: ['multipart/form-data'], response: { 200: profileSchema, ...uploadErrors } },
      ),
      async (request) => {
        const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (!file)
          throw new AppError(400, 'invalid_input', 'Choose a picture to upload.', {
            file: 'Choose a picture to upload.',
          });
        const data = await file.toBuffer();
        if (file.file.truncated) throw imageTooLarge();
        return me.setAvatar(caller(request).userId, data);
      },
    );

    app.delete(
      '/me/avatar',
      route.signedIn(gate.signedIn, 'Remove my profile picture', {
        response: { 200: profileSchema, 401: apiErrorSchema },
      }),
      async (request) => me.removeAvatar(caller(request).userId),
    );

    app.get(
      '/users/:id/avatar',
      route.signedIn(
        gate.signedIn,
        "A person's profile picture, for those allowed to see that person",
        {
          params: idParams,
          querystring: z.object({ v: z.string().max(32).optional() }),
          response: {
            200: z.any().describe('The picture: image/jpeg, image/png or image/gif'),
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      ),
      async (request, reply) => {
        const avatar = await me.getAvatar(caller(request), request.params.id);
        // A face is personal data: never kept on a shared computer's disk (the web app holds it in memory).
        return reply
          .type(avatar.content_type)
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', 'inline')
          .send(Buffer.from(avatar.data));
      },
    );
  };
}
