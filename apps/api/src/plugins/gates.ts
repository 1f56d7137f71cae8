import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserType } from '@tend/shared';
import { AppError } from '../lib/app-error.ts';
import type { AccessClaims } from '../lib/access-claims.ts';
import { runOnBehalf, type OnBehalf, type OnBehalfArea } from '../lib/acting-for.ts';
import type { KeptAnswers } from './kept-answers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking, once the signed-in scope's authentication (accounts/authentication.ts) passed. */
    auth: AccessClaims | null;
    /** A caregiver's request on a patient's behalf, as the gate admitted it; null otherwise. */
    onBehalf: OnBehalf | null;
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

/**
 * Whose record a patient route is about: the patient a caregiver's request was admitted for (the
 * route's gate checked the relation and the area), else the caller's own.
 */
export function patientOf(request: FastifyRequest): string {
  return request.onBehalf?.patientId ?? caller(request).userId;
}

/**
 * The claims a route acts with: the caller's own, or, for a caregiver the route's gate admitted,
 * the patient's. The services that decide by the caller's claims (whose visit, whose prescription)
 * then do what the patient would: the booking is the patient's, and nothing is logged as someone
 * else's look, since the gate already wrote the caregiver's in the patient's access log.
 */
export function claimsOf(request: FastifyRequest): AccessClaims {
  const claims = caller(request);
  const onBehalf = request.onBehalf;
  return onBehalf ? { ...claims, userId: onBehalf.patientId, role: 'patient' } : claims;
}

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
  /**
   * The caregivers' area the route belongs to (DESIGN.md "Caregivers"): a patient account that the
   * named patient gave this area passes, acting on their behalf; undefined, no caregiver passes.
   */
  readonly area: OnBehalfArea | undefined;
  readonly checks: readonly GateCheck[];
  /**
   * The route is about the patient `named` picks from the request (when it names one): the caller
   * must be that patient, or a doctor with a care link to them (`care.isLinked`); anyone else gets
   * `refuse()`, what the route's service answers such a caller (a 404 that does not say whether the
   * patient exists). A route naming no patient is left to its service (the caller's own, or "choose
   * a patient").
   */
  forPatient(named: NamedPatient, refuse: () => AppError): Gate;
  /** Caregivers with this area pass too, for the patient `forPatient` names. */
  sharedAs(area: OnBehalfArea): Gate;
  /** A further condition, checked after the role and the patient, in the order added. */
  also(check: GateCheck): Gate;
}

/** How the refusal names the people a route is for (messages-es.ts has each sentence in Spanish). */
const ROLE_PLURALS: Record<UserType, string> = {
  patient: 'patients',
  doctor: 'doctors',
  pharmacy: 'pharmacies',
};

/** "patients", "patients and doctors", "patients, doctors and pharmacies". */
function inWords(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function makeGate(
  roles: readonly UserType[] | undefined,
  patient: Gate['patient'],
  area: Gate['area'],
  checks: readonly GateCheck[],
): Gate {
  const wrongRole = roles ? `This is only for ${inWords(roles.map((r) => ROLE_PLURALS[r]))}.` : '';
  return Object.freeze({
    roles,
    wrongRole,
    patient,
    area,
    checks,
    forPatient: (named: NamedPatient, refuse: () => AppError) =>
      makeGate(roles, { named, refuse }, area, checks),
    sharedAs: (shared: OnBehalfArea) => {
      if (patient === undefined || !roles?.includes('patient')) {
        throw new Error('sharedAs needs a gate for patients that names the patient (forPatient)');
      }
      return makeGate(roles, patient, shared, checks);
    },
    also: (check: GateCheck) => makeGate(roles, patient, area, [...checks, check]),
  });
}

export const gate = {
  /** Anyone with a live session: their own things (the service reads only the caller's). */
  signedIn: makeGate(undefined, undefined, undefined, []),
  /** Only these roles: 403 `wrong_role` for the others. */
  roles: (...roles: [UserType, ...UserType[]]): Gate => makeGate(roles, undefined, undefined, []),
  /**
   * A patient's own route that a caregiver with `area` may reach on the patient's behalf by
   * naming them (`?patientId=`, or `patientId` in a JSON body with `inBody`); the handler asks
   * `patientOf(request)` whose record it is (or `claimsOf(request)`).
   */
  onBehalf: (area: OnBehalfArea, named: NamedPatient = inQuery('patientId')): Gate =>
    makeGate(['patient'], { named, refuse: noSuchCaredFor }, area, []),
};

/** What a patient naming someone who does not have them as caregiver is told. */
const NOT_CARED_FOR = 'There is no such person among those you care for.';
const noSuchCaredFor = () =>
  new AppError(404, 'not_found', NOT_CARED_FOR, { patientId: NOT_CARED_FOR });
/** A caregiver reaching an area the patient did not give them. */
const areaNotShared = () =>
  new AppError(
    403,
    'area_not_shared',
    'This part of their record is not shared with you. Ask them to add it under People who help me.',
  );

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

export interface Caregiving {
  /** The areas the patient gives this caregiver right now; undefined when they are not theirs. */
  areasOf(patientId: string, caregiverId: string): Promise<readonly OnBehalfArea[] | undefined>;
  /**
   * Writes the caregiver's look or action in the patient's access log, durably, before the request
   * goes on (DESIGN.md "Audit and gates"): the record is on disk before the data leaves.
   */
  recordOnBehalf(onBehalf: OnBehalf, write: boolean, ip: string): Promise<void>;
}

/** What a gate's admission found: a care link, or a caregiver acting for a patient. */
export type Admission =
  { kind: 'link'; patientId: string; doctorId: string } | { kind: 'caregiver'; onBehalf: OnBehalf };

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
 * A patient naming another patient on a route shared with caregivers: admitted when the named
 * patient gave them the route's area; the look or action is in the patient's access log before
 * anything else runs.
 */
async function admitCaregiver(
  routeGate: Gate,
  request: FastifyRequest,
  patientId: string,
  caregiving: Caregiving,
): Promise<Admission> {
  const { area, patient } = routeGate;
  const caregiverId = caller(request).userId;
  const areas = area === undefined ? undefined : await caregiving.areasOf(patientId, caregiverId);
  if (area === undefined || areas === undefined) throw patient!.refuse();
  if (!areas.includes(area)) throw areaNotShared();
  const onBehalf: OnBehalf = { patientId, caregiverId, area, areas };
  await caregiving.recordOnBehalf(onBehalf, request.method !== 'GET', request.ip);
  return { kind: 'caregiver', onBehalf };
}

/**
 * Runs a route's gate. Resolves to the care link or caregiver relation it found, if it asked for
 * one; throws the refusal.
 */
export async function admit(
  routeGate: Gate,
  request: FastifyRequest,
  deps: { links: Pick<CareLinks, 'isLinked'>; caregiving: Caregiving },
): Promise<Admission | undefined> {
  const claims = caller(request);
  checkRole(routeGate, claims);
  let admission: Admission | undefined;
  if (routeGate.patient !== undefined) {
    const patientId = routeGate.patient.named(request);
    if (patientId !== undefined && !(claims.role === 'patient' && patientId === claims.userId)) {
      if (claims.role === 'patient') {
        admission = await admitCaregiver(routeGate, request, patientId, deps.caregiving);
      } else if (
        claims.role === 'doctor' &&
        (await deps.links.isLinked(patientId, claims.userId))
      ) {
        admission = { kind: 'link', patientId, doctorId: claims.userId };
      } else {
        throw routeGate.patient.refuse();
      }
    }
  }
  for (const check of routeGate.checks) await check(request, claims);
  return admission;
}

/**
 * The one admission of the signed-in scope: each request's gate, then (for a GET) its kept answer,
 * then the rest of the lifecycle. The kept answers have no hook of their own, so nothing can answer
 * before the gate; a route added to the scope without a gate stops the server from starting.
 * Registered right after authentication, before any route.
 */
export function registerAdmission(
  scope: FastifyInstance,
  deps: { links: CareLinks; caregiving: Caregiving; keptAnswers: KeptAnswers | undefined },
): void {
  const { links, caregiving, keptAnswers } = deps;
  scope.decorateRequest('onBehalf', null);
  scope.addHook('onRoute', (route) => {
    if (route.config?.gate === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} is signed in but declares no gate: add config: { gate } (plugins/gates.ts)`,
      );
    }
  });
  const ANSWERED = Symbol('answered from memory');
  const pass = async (routeGate: Gate, request: FastifyRequest, reply: FastifyReply) => {
    const admission =
      routeGate.patient === undefined && routeGate.checks.length === 0
        ? checkRole(routeGate, caller(request))
        : await admit(routeGate, request, { links, caregiving });
    if (admission?.kind === 'caregiver') request.onBehalf = admission.onBehalf;
    if (keptAnswers !== undefined && (await keptAnswers.answer(request, reply))) return ANSWERED;
    return admission;
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
        else if (outcome.kind === 'caregiver') runOnBehalf(outcome.onBehalf, () => done());
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

const NAMED_TWICE = 'Name the patient in the query (?patientId=) as well.';
/**
 * The web names the patient in a POST's body as well as in its query (lib/acting-for.ts); on a
 * route whose gate reads the query, the body's must be the same patient, or nobody: a body naming
 * someone else would otherwise be acted on as the caller's own.
 */
export function assertSameNamedPatient(request: FastifyRequest, inTheBody: string | undefined) {
  if (inTheBody !== undefined && inTheBody !== patientOf(request)) {
    throw new AppError(400, 'validation_failed', NAMED_TWICE, { patientId: NAMED_TWICE });
  }
}
