import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prescriptionVerificationSchema, verifyCodeParamsSchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VerifyService } from './verify.ts';
import { withAnswerMessage } from '../../lib/answer-language.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('prescriptions');

export function verifyRoutes(verification: VerifyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/prescriptions/verify/:code',
      // Pharmacies only: patients and doctors read their prescriptions by id (403, wrong role).
      // Never kept: each check counts toward the pharmacy's limit of guesses, a count PostgreSQL's
      // change stamp does not follow, so a kept answer would skip the count (and its 429).
      route.signedIn(
        gate.roles('pharmacy'),
        "Check a paper prescription by its printed code (any case, dashes and spaces allowed): valid, or why not, with what the paper shows. Each look is in the patient's access log; guesses are limited per pharmacy",
        {
          params: verifyCodeParamsSchema,
          response: {
            200: prescriptionVerificationSchema,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
        { keepAnswers: false },
      ),
      async (request) =>
        withAnswerMessage(
          request,
          await verification.verify(caller(request), request.params.code, request.ip),
        ),
    );
  };
}
