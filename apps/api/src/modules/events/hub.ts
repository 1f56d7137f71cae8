import type { HandedEvent } from './repo.ts';

/** One open event stream, as the hub sees it. */
export interface Subscriber {
  /** The session whose token opened it. */
  readonly sessionId: string;
  /** A committed event of this person: write it, or read the table if something came before it unseen. */
  offer(event: HandedEvent): void;
  /** Events may have been stored for this person unannounced: read the table. Coalesces. */
  wake(): void;
  /** The server is going away: finish the response now. */
  end(): void;
}

/**
 * The event streams held by this process, by person. A publish hands its committed rows to the
 * recipients' streams, each row with the recipient's previous event id: a stream that has sent that
 * one writes the row as it is, one that has not reads the table from its cursor. So the table stays
 * the truth, a lost hand-off shows up as a gap at the next one (or the heartbeat's read), and a
 * repeated one is skipped by id.
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

  /** Hands committed events to their recipients' streams on this instance. */
  deliver(events: readonly HandedEvent[]): void {
    for (const event of events) {
      const set = this.byUser.get(event.userId);
      if (set) for (const s of set) s.offer(event);
    }
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

  /**
   * Ends at once the streams of sessions that just ended (a sign-out, a password changed or reset
   * elsewhere, a disabled or deleted account), so their tabs find out within a second rather than
   * at the next heartbeat: the browser reconnects, is refused, and signs every tab out (decision
   * 023). Ending a stream too early costs only a reconnect, so this need not wait for the commit.
   */
  endSessions(ended: { sessionId: string } | { userId: string; keep?: string }): void {
    const sets = 'userId' in ended ? [this.byUser.get(ended.userId)] : this.byUser.values();
    for (const set of sets) {
      for (const s of [...(set ?? [])]) {
        const match =
          'userId' in ended ? s.sessionId !== ended.keep : s.sessionId === ended.sessionId;
        if (match) s.end();
      }
    }
  }

  endAll(): void {
    for (const set of [...this.byUser.values()]) for (const s of [...set]) s.end();
  }
}
