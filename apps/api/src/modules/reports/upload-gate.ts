import { AppError } from '../../lib/app-error.ts';

export const busy = (retryAfterSeconds: number) =>
  new AppError(
    503,
    'uploads_busy',
    `Tend is checking many files right now. Try this upload again in ${retryAfterSeconds} seconds.`,
    undefined,
    { retryAfterMs: retryAfterSeconds * 1000 },
  );

/**
 * At most `slots` uploads are checked and stored at once per process, so ten 10 MB PDFs arriving together
 * never sit in memory together; the others queue, and one that waits longer than `maxWaitMs` is
 * answered 503 with Retry-After instead of waiting without end.
 */
export function createUploadGate({ slots, maxWaitMs }: { slots: number; maxWaitMs: number }) {
  let running = 0;
  const queue: Array<() => void> = [];

  function release() {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }

  async function acquire(): Promise<void> {
    if (running < slots) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = queue.indexOf(waiter);
        if (index !== -1) queue.splice(index, 1);
        reject(busy(Math.max(1, Math.ceil(maxWaitMs / 1000))));
      }, maxWaitMs);
      queue.push(waiter);
    });
  }

  return {
    /** Runs `work` when a slot is free; the slot passes straight to the next waiter afterwards. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}

export type UploadGate = ReturnType<typeof createUploadGate>;
