import { fetchEventSource } from '@microsoft/fetch-event-source';
import {
  API_PREFIX,
  LIVE_EVENT_TYPES,
  RESYNC_EVENT,
  liveEventDataSchemas,
  type LiveEventData,
  type LiveEventType,
} from '@tend/shared';
import { useEffect, useRef } from 'react';
import { ApiRequestError, withSession } from './api-client';
import { getUserToken, subscribeToSession } from './session';

/**
 * The tab's one live connection to GET /api/v1/events. Components listen with
 *
 *   useLiveEvent('appointment', (data) => …)   // data checked against packages/shared/src/events.ts
 *   useLiveEvent('resync', () => …)            // events were lost: refetch what the page shows
 *
 * The connection opens while anyone listens and a person is signed in, and closes on sign-out. A
 * dropped connection reconnects with Last-Event-ID, so no event is lost or repeated; an expired token
 * is renewed like every other call.
 */
export type LiveEventName = LiveEventType | typeof RESYNC_EVENT;
type Handler = (data: unknown) => void;

const handlers = new Map<LiveEventName, Set<Handler>>();
let controller: AbortController | null = null;

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The server ended the stream (shutdown, expired token): reconnect, resuming where it stopped. */
class StreamClosed extends Error {}

function dispatch(name: string, rawData: string): void {
  if (name === RESYNC_EVENT) {
    for (const handler of handlers.get(RESYNC_EVENT) ?? []) handler(undefined);
    return;
  }
  if (!(LIVE_EVENT_TYPES as readonly string[]).includes(name)) return;
  const type = name as LiveEventType;
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    return;
  }
  // A payload this build does not understand is skipped, not half-used.
  const parsed = liveEventDataSchemas[type].safeParse(json);
  if (!parsed.success) return;
  for (const handler of handlers.get(type) ?? []) handler(parsed.data);
}

function authorizedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return withSession(() => {
    const headers = new Headers(init?.headers);
    const token = getUserToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  });
}

function connect(): void {
  const current = new AbortController();
  controller = current;
  let retryDelay = RETRY_FIRST_MS;
  fetchEventSource(`${API_PREFIX}/events`, {
    signal: current.signal,
    headers: { Accept: 'text/event-stream' },
    // The bell stays live in a background tab; one idle stream costs the server little.
    openWhenHidden: true,
    fetch: authorizedFetch,
    onopen: async (response) => {
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
        throw new StreamClosed();
      }
      retryDelay = RETRY_FIRST_MS;
    },
    onmessage: (message) => dispatch(message.event, message.data),
    onclose: () => {
      throw new StreamClosed();
    },
    onerror: (error: unknown) => {
      // Signed out, or a session the server refuses: stop; signing in again starts a new stream.
      if (!getUserToken()) throw error;
      if (error instanceof ApiRequestError && [401, 403, 404].includes(error.status)) throw error;
      const wait = retryDelay;
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      return wait;
    },
  }).catch(() => {
    // Stopped for good (signed out, refused): a later sign-in or listener connects afresh.
    if (controller === current) controller = null;
  });
}

function disconnect(): void {
  controller?.abort();
  controller = null;
}

function reconcile(): void {
  const wanted = getUserToken() !== null && [...handlers.values()].some((set) => set.size > 0);
  if (wanted && !controller) connect();
  else if (!wanted && controller) disconnect();
}

let watchingSession = false;

/** Listens to one kind of live event for as long as the component is mounted. */
export function useLiveEvent<T extends LiveEventName>(
  name: T,
  handler: (data: T extends LiveEventType ? LiveEventData<T> : undefined) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!watchingSession) {
      watchingSession = true;
      // A sign-out closes the stream; a sign-in (or a renewed token) opens it when needed.
      subscribeToSession(reconcile);
    }
    const listener: Handler = (data) => latest.current(data as never);
    let set = handlers.get(name);
    if (!set) {
      set = new Set();
      handlers.set(name, set);
    }
    set.add(listener);
    reconcile();
    return () => {
      set.delete(listener);
      reconcile();
    };
  }, [name]);
}
