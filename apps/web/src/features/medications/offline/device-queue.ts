import { i18n } from '../../../i18n/i18n';
import { ApiRequestError } from '../../../lib/api-client';
import { readOffline, updateOffline } from '../../../lib/offline-store';
import { recordDose } from '../api/record-dose';
import '../i18n';
import type { QueueStore, QueuedDose, SendResult } from './dose-queue';

const KEY = 'dose-queue';

/** The queue in this browser's IndexedDB (lib/offline-store.ts), shared by its tabs. */
export const deviceQueueStore: QueueStore = {
  read: async () => (await readOffline<QueuedDose[]>(KEY)) ?? [],
  change: (change) => updateOffline<QueuedDose[]>(KEY, (queue) => change(queue ?? [])),
};

/**
 * Whether a failed request may succeed later unchanged: no connection, Tend busy or down, or a
 * session that needs renewing (the API client renews it, or ends it and with it the queue).
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;
}

/**
 * Whether a save never reached Tend (no connection): such a tick is kept and sent later. Any
 * answer from Tend, even an error, is shown and undone instead, as DESIGN asks of a failed tick.
 */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 0;
}

/** Sends one queued tick as the state of its day's dose (PUT, so sending it again changes nothing). */
export async function sendQueuedDose(dose: QueuedDose): Promise<SendResult> {
  try {
    await recordDose(dose.medicationId, { date: dose.date, taken: dose.taken });
    return { outcome: 'sent' };
  } catch (error) {
    if (isUnreachable(error) || !(error instanceof Error)) return { outcome: 'unreachable' };
    if (error instanceof ApiRequestError && error.status === 404) {
      return { outcome: 'refused', message: i18n.t('medications:offline.gone') };
    }
    return { outcome: 'refused', message: error.message };
  }
}
