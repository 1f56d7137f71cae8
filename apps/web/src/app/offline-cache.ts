import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { medicationKeys } from '../features/medications/api/keys';
import { isOwnAnswer } from '../lib/acting-for';
import { ME_QUERY_KEY } from '../lib/me';
import { readOffline, sessionOwner, writeOffline } from '../lib/offline-store';

/**
 * The answers kept on this device for the checklist to open offline: the person's profile (their
 * name in the menu, their time zone, which decides what "today" is) and their medications with
 * today's ticks. Nothing else: no messages, reports or readings are written to the device.
 */
const KEPT_QUERIES: readonly (readonly string[])[] = [ME_QUERY_KEY, medicationKeys.list()];

const KEY = 'query-cache';
/** Older than this, a copy says too little about today to be worth showing. */
const MAX_AGE_MS = 2 * 24 * 60 * 60_000;
/** Writes are gathered: a burst of ticks makes one write. */
const SAVE_AFTER_MS = 500;

/**
 * `savedAt`: when the kept answers last came from the server (the name is older than that
 * meaning), so the copy ages from then: a tick made on the device, offline or not, changes the
 * copy without making what it says about the rest of the list any newer.
 */
type Kept = { owner: string; savedAt: number; state: DehydratedState };

/** When the kept answers last came from the server, in this page or in the copy it restored. */
let answeredAt: number | undefined;

function isKept(query: Query): boolean {
  return (
    query.state.status === 'success' &&
    // Someone else's list, seen while caring for them, is never kept on this device.
    isOwnAnswer(query) &&
    KEPT_QUERIES.some(
      (key) =>
        key.length === query.queryKey.length && key.every((part, i) => part === query.queryKey[i]),
    )
  );
}

/**
 * Offline, puts the copy kept for the signed-in person of this tab into the cache (a copy of
 * anyone else's is left unread); resolves once done, found or not. Online it is left unread: the
 * copy may be older than what the server has (saved up to half a second after a change, so a page
 * reloaded at once misses it), and a form filled from it (Profile Settings) would show the old
 * values and save them back.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  if (navigator.onLine) return;
  const owner = sessionOwner();
  if (!owner) return;
  const kept = await readOffline<Kept>(KEY).catch(() => undefined);
  if (!kept || kept.owner !== owner || Date.now() - kept.savedAt > MAX_AGE_MS) return;
  answeredAt ??= kept.savedAt;
  hydrate(queryClient, kept.state);
}

/** A fetch's answer, not a change the app made in the cache itself (setQueryData: `manual`). */
export function isServerAnswer(action: { type: string; manual?: boolean }): boolean {
  return action.type === 'success' && action.manual !== true;
}

/** Keeps the copy up to date as the kept answers change; answers how to stop. */
export function keepOfflineCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const owner = sessionOwner();
    // Signed out meanwhile: the copy was cleared with the session and must not come back.
    if (!owner) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isKept });
    if (state.queries.length === 0 || answeredAt === undefined) return;
    // A device that cannot store (private mode, full) works online as before.
    writeOffline<Kept>(KEY, { owner, savedAt: answeredAt, state }).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKept(event.query as Query)) return;
    if (isServerAnswer(event.action)) answeredAt = Date.now();
    timer ??= setTimeout(save, SAVE_AFTER_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
