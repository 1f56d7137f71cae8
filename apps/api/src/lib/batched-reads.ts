/**
 * Reads of one kind asked for during the same turn of the event loop, answered by one query: under
 * load a PostgreSQL round trip costs far more than the row it fetches, and one for every request
 * was most of the medication list's work. A read only ever joins a batch that has not been sent, so
 * each answer is read after it was asked for — never older than a write its caller saw finish.
 */
export function batchedReads<V>(
  /** Answers for the keys (at most `maxBatch`); a key with no answer is left out of the map. */
  readMany: (keys: string[]) => Promise<Map<string, V>>,
  maxBatch = 500,
) {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let pending = new Map<string, Waiter[]>();
  let scheduled = false;

  async function send(batch: Map<string, Waiter[]>) {
    try {
      const answers = await readMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(answers.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  function flush() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    void send(batch);
  }

  return (key: string): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (pending.size >= maxBatch) {
        flush();
      } else if (!scheduled) {
        scheduled = true;
        // After the rest of this turn's requests have asked (the poll phase reads them all first).
        setImmediate(flush);
      }
    });
}
