import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserType } from '@tend/shared';
import { AppError } from '../lib/app-error.ts';
import type { AccessClaims } from '../lib/access-claims.ts';
import type { KeptAnswers } from './kept-answers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking, once the signed-in scope's authentication (accounts/authentication.ts) passed. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** Who may call this signed-in route (gates.ts); every route of the signed-in scope says. */
    gate?: Gate;
  }
}

/** The 401 of a request without a live session. */
export const notSignedIn = () => new AppError(401, 'not_signed_in', 'Please sign in to continue.');

/** The signed-in caller; only for handlers of the signed-in scope, behind its authentication. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/** A further condition of a gate: throws the refusal (an AppError) when the caller may not pass. */
export type GateCheck = (request: FastifyRequest, claims: AccessClaims) => void | Promise<void>;

/** Where a route names the patient it is about: a string, or undefined when it names none. */
export type NamedPatient = (request: FastifyRequest) => string | undefined;

/**
 * Who may call a signed-in route, declared with the route (`config: { gate }`) and checked by the
 * one admission hook of the signed-in scope before anything else can answer (DESIGN.md "Audit and
 * gates", docs/decisions/047): the role, then the patient the route names (a patient themself, a
 * doctor with a care link; later a caregiver with the route's area), then any further checks.
 */
export interface Gate {
  /** The roles that pass; every role when undefined. */
  readonly roles: readonly UserType[] | undefined;
  /** The refusal of another role: 403 `wrong_role`, "This is only for …". */
  readonly wrongRole: string;
  readonly patient: { readonly named: NamedPatient; readonly refuse: () => AppError } | undefined;
  readonly checks: readonly GateCheck[];
  /**
   * The route is about the patient `named` picks from the request (when it names one): the caller
   * must be that patient, or a doctor with a care link to them (`care.isLinked`); anyone else gets
   * `refuse()`, what the route's service answers such a caller (a 404 that does not say whether the
   * patient exists). A route naming no patient is left to its service (the caller's own, or "choose
   * a patient").
   */
  forPatient(named: NamedPatient, refuse: () => AppError): Gate;
  /** A further condition, checked after the role and the patient, in the order added. */
  also(check: GateCheck): Gate;
}

/** How the refusal names the people a route is for (messages-es.ts has each sentence in Spanish). */
const ROLE_PLURALS: Record<UserType, string> = {
  patient: 'patients',
  doctor: 'doctors',
  pharmacy: 'pharmacies',
};

function makeGate(
  roles: readonly UserType[] | undefined,
  patient: Gate['patient'],
  checks: readonly GateCheck[],
): Gate {
  const wrongRole = roles
    ? `This is only for ${roles.map((role) => ROLE_PLURALS[role]).join(' and ')}.`
    : '';
  return Object.freeze({
    roles,
    wrongRole,
    patient,
    checks,
    forPatient: (named: NamedPatient, refuse: () => AppError) =>
      makeGate(roles, { named, refuse }, checks),
    also: (check: GateCheck) => makeGate(roles, patient, [...checks, check]),
  });
}

export const gate = {
  /** Anyone with a live session: their own things (the service reads only the caller's). */
  signedIn: makeGate(undefined, undefined, []),
  /** Only these roles: 403 `wrong_role` for the others. */
  roles: (...roles: [UserType, ...UserType[]]): Gate => makeGate(roles, undefined, []),
};

const fieldOf = (value: unknown, field: string): string | undefined => {
  const named = (value as Record<string, unknown> | null | undefined)?.[field];
  return typeof named === 'string' ? named : undefined;
};
/** The patient named in the query string (after validation), e.g. `?patientId=`. */
export const inQuery =
  (field: string): NamedPatient =>
  (request) =>
    fieldOf(request.query, field);
/** The patient named in the path, e.g. `/patients/{id}/…`. */
export const inParams =
  (field: string): NamedPatient =>
  (request) =>
    fieldOf(request.params, field);
/** The patient named in a JSON body (parsed and validated before the gate). */
export const inBody =
  (field: string): NamedPatient =>
  (request) =>
    fieldOf(request.body, field);

export interface CareLinks {
  /** The one rule of who shares with whom (care/service.ts). */
  isLinked(patientId: string, doctorId: string): Promise<boolean>;
  /**
   * Runs the rest of the request knowing the gate found this link, until its answer has ended
   * (isLinked answers it from memory instead of asking the database again).
   */
  withAdmittedLink(
    link: { patientId: string; doctorId: string },
    answer: { readonly writableEnded: boolean },
    next: () => void,
  ): void;
}

/** The refusal of the caller's role by this gate, if it refuses it. */
function wrongRole(routeGate: Gate, claims: AccessClaims): AppError | undefined {
  return routeGate.roles !== undefined && !routeGate.roles.includes(claims.role)
    ? new AppError(403, 'wrong_role', routeGate.wrongRole)
    : undefined;
}

/** A gate of roles alone: throws the refusal, or admits with no link found. */
function checkRole(routeGate: Gate, claims: AccessClaims): undefined {
  const refusal = wrongRole(routeGate, claims);
  if (refusal) throw refusal;
  return undefined;
}

/**
 * Runs a route's gate. Resolves to the care link it found, if it asked for one; throws the refusal.
 */
export async function admit(
  routeGate: Gate,
  request: FastifyRequest,
  links: Pick<CareLinks, 'isLinked'>,
): Promise<{ patientId: string; doctorId: string } | undefined> {
  const claims = caller(request);
  checkRole(routeGate, claims);
  let link: { patientId: string; doctorId: string } | undefined;
  if (routeGate.patient !== undefined) {
    const patientId = routeGate.patient.named(request);
    if (patientId !== undefined && !(claims.role === 'patient' && patientId === claims.userId)) {
      // A caregiver (DESIGN.md "Caregivers") will pass here too: a patient account the named
      // patient chose, with the route's area among those they gave.
      if (claims.role !== 'doctor' || !(await links.isLinked(patientId, claims.userId))) {
        throw routeGate.patient.refuse();
      }
      link = { patientId, doctorId: claims.userId };
    }
  }
  for (const check of routeGate.checks) await check(request, claims);
  return link;
}

/**
 * The one admission of the signed-in scope: each request's gate, then (for a GET) its kept answer,
 * then the rest of the lifecycle. The kept answers have no hook of their own, so nothing can answer
 * before the gate; a route added to the scope without a gate stops the server from starting.
 * Registered right after authentication, before any route.
 */
export function registerAdmission(
  scope: FastifyInstance,
  deps: { links: CareLinks; keptAnswers: KeptAnswers | undefined },
): void {
  const { links, keptAnswers } = deps;
  scope.addHook('onRoute', (route) => {
    if (route.config?.gate === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} is signed in but declares no gate: add config: { gate } (plugins/gates.ts)`,
      );
    }
  });
  const ANSWERED = Symbol('answered from memory');
  const pass = async (routeGate: Gate, request: FastifyRequest, reply: FastifyReply) => {
    const link =
      routeGate.patient === undefined && routeGate.checks.length === 0
        ? checkRole(routeGate, caller(request))
        : await admit(routeGate, request, links);
    if (keptAnswers !== undefined && (await keptAnswers.answer(request, reply))) return ANSWERED;
    return link;
  };
  scope.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    const routeGate = request.routeOptions.config.gate;
    if (routeGate === undefined || request.auth === null) {
      done(new Error('a signed-in route without a gate or a caller'));
      return;
    }
    // The common case without a promise: a gate of roles alone, and nothing kept to look for.
    if (
      routeGate.patient === undefined &&
      routeGate.checks.length === 0 &&
      (keptAnswers === undefined || request.method !== 'GET')
    ) {
      done(wrongRole(routeGate, request.auth));
      return;
    }
    pass(routeGate, request, reply).then(
      (outcome) => {
        if (outcome === ANSWERED) return;
        if (outcome === undefined) done();
        else links.withAdmittedLink(outcome, reply.raw, done);
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });
}

/**
 * A part of the signed-in scope only some roles may ever reach (the care of patients by doctors):
 * the server does not start with a route there whose gate admits another role.
 */
export function gatesAtMost(scope: FastifyInstance, roles: readonly UserType[]): void {
  scope.addHook('onRoute', (route) => {
    const admitted = route.config?.gate?.roles;
    if (admitted === undefined || admitted.some((role) => !roles.includes(role))) {
      throw new Error(
        `${String(route.method)} ${route.url} is only for ${roles.join(' and ')}, but its gate admits ${admitted?.join(', ') ?? 'every role'}`,
      );
    }
  });
}
