/**
 * Calls of `read` share reads: while one is on its way, the callers that come meanwhile wait for
 * the next one, which starts only after they called (so it sees every commit they could know of).
 */
export function oneReadAtATime<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const reading = read().finally(() => {
      if (inFlight === reading) inFlight = undefined;
    });
    inFlight = reading;
    return reading;
  };
  return () => {
    if (next) return next;
    if (!inFlight) return start();
    const after = inFlight.then(
      () => undefined,
      () => undefined,
    );
    next = after.then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
