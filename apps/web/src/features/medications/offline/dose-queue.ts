/**
 * Ticks made while Tend cannot be reached (DESIGN, "Interop and reach"): kept on the device and
 * sent when the connection returns, once each. A queued tick is the state of one day's dose
 * (taken or not), sent as PUT /medications/{id}/doses/{date}: it sets that state rather than
 * adding a dose, so a send whose answer was lost and is sent again records nothing twice, and the
 * tick lands on the day it was made even if it is sent the day after.
 */
export type QueuedDose = {
  /** Whose tick (the session's user id): only they send it. */
  owner: string;
  medicationId: string;
  /** The medication's name when ticked, to say which dose was refused. */
  name: string;
  /** The patient's day the tick is for, YYYY-MM-DD. */
  date: string;
  taken: boolean;
  /** When it was ticked (ISO), which tells a newer tick of the same dose from this one. */
  tickedAt: string;
};

/** The answer to one send: recorded, refused for good (said in words), or not reached. */
export type SendResult =
  { outcome: 'sent' } | { outcome: 'refused'; message: string } | { outcome: 'unreachable' };

/** Where the queue is kept (IndexedDB in the app, memory in tests); `change` runs atomically. */
export type QueueStore = {
  read: () => Promise<QueuedDose[]>;
  change: (change: (queue: QueuedDose[]) => QueuedDose[]) => Promise<void>;
};

export type FlushReport = {
  sent: QueuedDose[];
  refused: { dose: QueuedDose; message: string }[];
  /** The ticks of `owner` still waiting (Tend could not be reached). */
  waiting: QueuedDose[];
};

const sameDose = (a: QueuedDose, b: QueuedDose) =>
  a.owner === b.owner && a.medicationId === b.medicationId && a.date === b.date;

/** The queue with `dose` as the latest state of its day's dose: an earlier tick of it is replaced. */
export function withDose(queue: QueuedDose[], dose: QueuedDose): QueuedDose[] {
  return [...queue.filter((queued) => !sameDose(queued, dose)), dose];
}

/** The queue without `dose`, unless that dose was ticked again meanwhile (the newer tick stays). */
export function withoutDose(queue: QueuedDose[], dose: QueuedDose): QueuedDose[] {
  return queue.filter((queued) => !(sameDose(queued, dose) && queued.tickedAt === dose.tickedAt));
}

export function enqueueDose(store: QueueStore, dose: QueuedDose): Promise<void> {
  return store.change((queue) => withDose(queue, dose));
}

/** The ticks of `owner` waiting to be sent, oldest first. */
export async function waitingDoses(store: QueueStore, owner: string): Promise<QueuedDose[]> {
  return (await store.read()).filter((dose) => dose.owner === owner);
}

/**
 * Sends the ticks of `owner`, oldest first, each once: a tick leaves the queue when the server has
 * recorded or refused it, and the first one that cannot reach Tend stops the round (the rest keep
 * their order for the next one). Ticks of anyone else are dropped: they can never be sent from
 * this session, and their owner's sign-out clears them anyway. The caller makes sure one round
 * runs at a time across the browser's tabs.
 */
export async function flushDoses(
  store: QueueStore,
  owner: string,
  send: (dose: QueuedDose) => Promise<SendResult>,
): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], waiting: [] };
  await store.change((queue) => queue.filter((dose) => dose.owner === owner));
  const queue = await store.read();
  for (const dose of queue) {
    const result = await send(dose);
    if (result.outcome === 'unreachable') break;
    await store.change((current) => withoutDose(current, dose));
    if (result.outcome === 'sent') report.sent.push(dose);
    else report.refused.push({ dose, message: result.message });
  }
  // A tick made during the round waits for the next one.
  report.waiting = await waitingDoses(store, owner);
  return report;
}

/** A queue in memory (tests, and a browser without IndexedDB: it then lasts as long as the tab). */
export function memoryQueueStore(initial: QueuedDose[] = []): QueueStore {
  let queue = [...initial];
  return {
    read: () => Promise.resolve([...queue]),
    change: (change) => {
      queue = change([...queue]);
      return Promise.resolve();
    },
  };
}
