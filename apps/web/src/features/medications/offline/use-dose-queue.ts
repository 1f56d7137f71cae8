import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { sessionOwner } from '../../../lib/offline-store';
import { medicationKeys } from '../api/keys';
import { deviceQueueStore, sendQueuedDose } from './device-queue';
import { enqueueDose, flushDoses, waitingDoses, type QueuedDose } from './dose-queue';

/** While ticks wait and the browser says it is online, how often to try Tend again. */
const RETRY_EVERY_MS = 30_000;
const LOCK = 'tend-dose-queue';

export type RefusedDose = { dose: QueuedDose; message: string };
export type OfflineTick = Pick<QueuedDose, 'medicationId' | 'name' | 'date' | 'taken'>;

/** One round at a time in the whole browser, so two tabs never send the same tick together. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(LOCK, task) : task();
}

/**
 * Sends the ticks still waiting, if the browser is online: at sign-out, which clears them from the
 * device. What fails stays unsent; the person is signing out either way.
 */
export async function sendWaitingDoses(): Promise<void> {
  const owner = sessionOwner();
  if (!owner || !navigator.onLine) return;
  await oneAtATime(() => flushDoses(deviceQueueStore, owner, sendQueuedDose));
}

/**
 * The ticks waiting on this device, and what the server refused of them. Ticks are sent when the
 * page opens, when the browser comes back online, and every half minute while some wait.
 */
export function useDoseQueue() {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<QueuedDose[]>([]);
  const [refused, setRefused] = useState<RefusedDose[]>([]);

  const reload = useCallback(async () => {
    const owner = sessionOwner();
    setWaiting(owner ? await waitingDoses(deviceQueueStore, owner) : []);
  }, []);

  const flush = useCallback(async () => {
    const owner = sessionOwner();
    if (!owner) return;
    const report = await oneAtATime(() => flushDoses(deviceQueueStore, owner, sendQueuedDose));
    setWaiting(report.waiting);
    if (report.refused.length > 0) setRefused((shown) => [...shown, ...report.refused]);
    if (report.sent.length > 0 || report.refused.length > 0) {
      // The list shows what the server recorded; a refused tick goes back to how it was.
      await queryClient.invalidateQueries({ queryKey: medicationKeys.all });
    }
  }, [queryClient]);

  // Reading or sending can fail only if the device's storage does; the ticks then stay put.
  const tryFlush = useCallback(() => void flush().catch(() => undefined), [flush]);

  useEffect(() => {
    const owner = sessionOwner();
    if (owner) {
      void waitingDoses(deviceQueueStore, owner)
        .then(setWaiting)
        .then(() => (navigator.onLine ? flush() : undefined))
        .catch(() => undefined);
    }
    window.addEventListener('online', tryFlush);
    return () => window.removeEventListener('online', tryFlush);
  }, [flush, tryFlush]);

  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) tryFlush();
    }, RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, tryFlush]);

  /** Keeps a tick to send later; resolves false when this device cannot keep it. */
  const enqueue = useCallback(
    async (tick: OfflineTick): Promise<boolean> => {
      const owner = sessionOwner();
      if (!owner) return false;
      try {
        await enqueueDose(deviceQueueStore, { ...tick, owner, tickedAt: new Date().toISOString() });
        await reload();
      } catch {
        return false;
      }
      // Tend answered nothing but the browser thinks it is online (a server restarting): retry soon.
      if (navigator.onLine) window.setTimeout(tryFlush, 5_000);
      return true;
    },
    [reload, tryFlush],
  );

  const dismissRefused = useCallback(() => setRefused([]), []);

  return { waiting, refused, enqueue, dismissRefused };
}
