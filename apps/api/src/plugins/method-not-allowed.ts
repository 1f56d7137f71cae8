import type { FastifyInstance, FastifyReply } from 'fastify';
import { inAnswerLanguage } from '../lib/answer-language.ts';

const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'] as const;

/**
 * The methods some route takes at this concrete path (the router matches it as a request would).
 * The web app's catch-all file route (a `*` wildcard) matches every path, so it does not count.
 */
export function methodsAt(app: FastifyInstance, pathname: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: pathname });
    return route !== null && !('*' in route.params);
  });
}

/**
 * A known address called with a method it does not take: 405 with the Allow header RFC 9110
 * asks for, rather than a 404 that says the address does not exist.
 */
export function methodNotAllowed(
  reply: FastifyReply,
  method: string,
  pathname: string,
  allowed: string[],
) {
  const allow = allowed.join(', ');
  return reply
    .status(405)
    .header('allow', allow)
    .send({
      error: {
        code: 'method_not_allowed',
        message: inAnswerLanguage(
          reply.request,
          `${method} is not possible at ${pathname}; it takes ${allow}.`,
        ),
      },
    });
}
