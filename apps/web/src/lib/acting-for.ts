import { hashKey, type QueryKey } from '@tanstack/react-query';
import type { CaregiverArea } from '@tend/shared';
import { useSyncExternalStore } from 'react';
import { onSessionEnd } from './session';

/**
 * Whose pages the patient area shows: the signed-in person's own, or (DESIGN.md "Caregivers") those
 * of a patient they care for, chosen in the header's "Caring for" switcher. This module is the one
 * place that decides it:
 *
 * - every API call of a shared area names that patient (`onBehalf`, called by api-client.ts): the
 *   query field `patientId`, or `patientId` in a POST's body, as a doctor's calls do;
 * - the query cache keeps each person's answers apart (`queryKeyHash`), so the caregiver's own
 *   list never shows under another person's banner, nor the other way round;
 * - the menu hides what is not shared, and pages never shared refuse to show (`sharedAreaOf`).
 *
 * Kept for the tab (sessionStorage), so a reload stays where the person was; forgotten on sign-out.
 */
export type ActingFor = {
  patientId: string;
  /** The patient's name, for the banner ("You are looking at Maria Silva's pages"). */
  name: string;
  /** The areas the patient gives, as the caregivers list answered them. */
  areas: readonly CaregiverArea[];
  /**
   * A dependent without a sign-in of their own (decision 051): the one who looks after them keeps
   * their medication list too.
   */
  dependent?: boolean;
};

const STORAGE_KEY = 'tend.acting-for';

function readStored(): ActingFor | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ActingFor>;
    if (typeof value.patientId !== 'string' || typeof value.name !== 'string') return null;
    return {
      patientId: value.patientId,
      name: value.name,
      areas: value.areas ?? [],
      dependent: value.dependent === true,
    };
  } catch {
    return null;
  }
}

let current: ActingFor | null = readStored();
const listeners = new Set<() => void>();

function set(next: ActingFor | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

/** The patient whose pages are shown, or null for the person's own. */
export function actingFor(): ActingFor | null {
  return current;
}

export function startActingFor(patient: ActingFor): void {
  set(patient);
}

/** Back to the person's own pages. */
export function stopActingFor(): void {
  if (current) set(null);
}

/** The areas given changed while the person looks (a live `caregiving` event). */
export function updateActingAreas(areas: readonly CaregiverArea[]): void {
  if (current) set({ ...current, areas });
}

// Another person signing in on this tab never starts inside someone else's pages.
if (typeof window !== 'undefined') onSessionEnd(() => stopActingFor());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the medication list may be changed here (add, edit, delete): it is the patient's alone,
 * so its buttons are not offered while caring, but for a dependent without a sign-in of their own,
 * whose list the one who looks after them keeps (decision 051).
 */
export function useOwnPages(): boolean {
  const acting = useActingFor();
  return acting === null || acting.dependent === true;
}

/** The patient whose pages are shown, re-rendering when the person switches. */
export function useActingFor(): ActingFor | null {
  return useSyncExternalStore(subscribe, actingFor, () => null);
}

/**
 * The API paths of each shared area: a path under one of them names the patient while caring; any
 * other call (notifications, the caregiver's own profile, the doctor directory) stays the caller's.
 * Ticking a dose is the `doses` area (PUT /medications/{id}/doses/{date}).
 */
const AREA_PATHS: readonly { area: CaregiverArea | 'dependent'; path: RegExp }[] = [
  // A dependent's doctors, whom the one who looks after them shares with (decision 051).
  { area: 'dependent', path: /^\/care-links(\/|$|\?)/ },
  { area: 'doses', path: /^\/medications\/[^/]+\/doses\/[^/]+$/ },
  { area: 'medications', path: /^\/medications(\/|$|\?)/ },
  { area: 'appointments', path: /^\/appointments(\/|$|\?)/ },
  { area: 'prescriptions', path: /^\/prescriptions(?!\/verify)(\/|$|\?)/ },
  { area: 'measurements', path: /^\/measurements(\/|$|\?)/ },
  { area: 'reports', path: /^\/reports(\/|$|\?)/ },
];

/** The area an API path belongs to, if any. */
export function sharedAreaOf(path: string): CaregiverArea | 'dependent' | null {
  return AREA_PATHS.find((entry) => entry.path.test(path))?.area ?? null;
}

function withQueryField(path: string, patientId: string): string {
  const [base, search = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(search);
  params.set('patientId', patientId);
  return `${base}?${params.toString()}`;
}

/**
 * The call as it goes out: while caring, a call of a shared area names the patient in its query,
 * and a POST in its JSON body (or form) too — the routes take it in one or the other (DESIGN.md
 * "Caregivers": `?patientId=`, or `patientId` in the body), and the other is left unread. Any other
 * call is left as it is.
 */
export function onBehalf<Body>(
  path: string,
  method: string,
  body: Body,
): {
  path: string;
  body: Body | (Body & { patientId: string }) | { patientId: string } | FormData;
} {
  const patient = current;
  if (!patient || sharedAreaOf(path) === null) return { path, body };
  const named = withQueryField(path, patient.patientId);
  if (method !== 'POST') return { path: named, body };
  if (body instanceof FormData) {
    body.set('patientId', patient.patientId);
    return { path: named, body };
  }
  if (body === undefined) return { path: named, body: { patientId: patient.patientId } };
  if (body !== null && typeof body === 'object' && !(body instanceof Blob)) {
    return { path: named, body: { ...body, patientId: patient.patientId } };
  }
  return { path: named, body };
}

/**
 * The query cache's key hash: the person's own answers hash as they always did; another patient's
 * are kept under their id too, so a page drawn while caring never reads the caregiver's own.
 */
export function queryKeyHash(queryKey: QueryKey): string {
  const patient = current;
  return patient ? hashKey([...queryKey, { caringFor: patient.patientId }]) : hashKey(queryKey);
}

/** Whether a cached answer is the signed-in person's own (only those are kept on the device). */
export function isOwnAnswer(query: { queryKey: QueryKey; queryHash: string }): boolean {
  return query.queryHash === hashKey(query.queryKey);
}
