/** First come, first served on the one connection. */
export class ConnectionQueue {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/**
 * The connections of this process to one database file (two instances in one test, a second Db a
 * command opens beside the server's) take turns in one queue, and one holding it commits another's
 * open group before writing: otherwise a group left open across turns of the event loop would hold
 * SQLite's write lock while the other connection waited for it in the same thread.
 */
export interface SharedFile {
  queue: ConnectionQueue;
  /** The connections with a group open, each able to commit it. */
  open: Set<{ commitOpenGroup(): void }>;
  connections: number;
}
const sharedFiles = new Map<string, SharedFile>();

export function sharedFile(file: string | undefined): SharedFile {
  const fresh = (): SharedFile => ({
    queue: new ConnectionQueue(),
    open: new Set(),
    connections: 0,
  });
  if (!file) return { ...fresh(), connections: 1 }; // in memory: no one else can open it
  let shared = sharedFiles.get(file);
  if (!shared) {
    shared = fresh();
    sharedFiles.set(file, shared);
  }
  shared.connections += 1;
  return shared;
}

export function leaveSharedFile(file: string | undefined, shared: SharedFile): void {
  shared.connections -= 1;
  if (file && shared.connections === 0) sharedFiles.delete(file);
}
