/** One open event stream, as the hub sees it. */
export interface Subscriber {
  /** New events may be stored for this person: read them. Cheap to call often (it coalesces). */
  wake(): void;
  /** The server is going away: finish the response now. */
  end(): void;
}

/**
 * The event streams held by this process, by person. Publishing wakes the recipients' streams; each
 * stream then reads its own events from the table, so a wake carries no data and a lost or extra
 * wake-up never loses or duplicates an event.
 */
export class EventHub {
  private readonly byUser = new Map<string, Set<Subscriber>>();

  add(userId: string, subscriber: Subscriber): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Wakes the streams of these people, or every stream (after the wake-up channel was lost). */
  wake(userIds: readonly string[] | 'all'): void {
    if (userIds === 'all') {
      for (const set of this.byUser.values()) for (const s of set) s.wake();
      return;
    }
    for (const userId of userIds) {
      const set = this.byUser.get(userId);
      if (set) for (const s of set) s.wake();
    }
  }

  endAll(): void {
    for (const set of [...this.byUser.values()]) for (const s of [...set]) s.end();
  }
}
