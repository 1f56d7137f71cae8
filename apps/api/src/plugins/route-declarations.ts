import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Gate } from './gates.ts';

/** What the OpenAPI document says a signed-in route needs: the access token as a bearer. */
const BEARER = [{ bearer: [] }];

/** The one id in a route's path (`/…/:id`): the thing it acts on. */
export const idParams = z.object({ id: z.string().max(64) });

/**
 * What a caregiver adds to a patient's route to name the patient (DESIGN.md "Caregivers"), in its
 * query or JSON body: `patientId`; the route's gate decides whether they may.
 */
export const namedPatient = { patientId: z.string().min(1).max(64).optional() };

type Responses = Record<number, unknown>;

/** A route's own part of its schema: what it takes (params, query, body…) and what it answers. */
type OwnSchema = Omit<FastifySchema, 'response'> & { response: Responses; consumes?: string[] };

/** The schema as Fastify and the OpenAPI document get it: the group's parts around the route's. */
type FullSchema<S extends OwnSchema, E extends Responses> = Omit<S, 'response'> & {
  summary: string;
  tags: string[];
  security?: typeof BEARER;
  response: S['response'] & E;
};

/** More of a route's config than its gate: a rate limit, whether its answers are kept. */
type MoreConfig = Omit<FastifyContextConfig, 'gate'>;

/**
 * The declarations of a group of routes (one module's, or one part of it): each route says only
 * what is its own (who may call it, what it does, what it takes and answers), and the group adds
 * what they all say alike (their OpenAPI tag, the error answers they may all give, and the bearer
 * token of a signed-in route). The options go to Fastify as they are (`app.get(url, options, …)`),
 * so the request and reply are typed by the route's schemas as before.
 */
export function routeDeclarations<E extends Responses = Record<never, never>>(
  tag: string,
  errors: E = {} as E,
) {
  const tags = [tag];
  const full = <S extends OwnSchema>(
    summary: string,
    schema: S,
    security?: typeof BEARER,
  ): FullSchema<S, E> => ({
    summary,
    tags,
    ...(security ? { security } : {}),
    ...schema,
    response: { ...schema.response, ...errors },
  });
  return {
    /** A signed-in route: its gate (gates.ts) admits the caller before anything else answers. */
    signedIn: <S extends OwnSchema, C extends MoreConfig = Record<never, never>>(
      gate: Gate,
      summary: string,
      schema: S,
      config?: C,
    ) => ({ config: { gate, ...config }, schema: full(summary, schema, BEARER) }),
    /** A route answered before any session (the public scope): no gate, no token. */
    open: <S extends OwnSchema, C extends MoreConfig = Record<never, never>>(
      summary: string,
      schema: S,
      config?: C,
    ) => ({ ...(config ? { config } : {}), schema: full(summary, schema) }),
  };
}
