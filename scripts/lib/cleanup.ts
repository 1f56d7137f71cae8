/**
 * One list of undo steps (stop a server, remove a temp dir, drop a database), run newest first so
 * a database is dropped only after the app using it has stopped.
 */
type Task = () => Promise<void> | void;

const tasks: Task[] = [];
let stopping = false;

/** True once a signal arrived: failures after that are the servers going away, not news. */
export function interrupted(): boolean {
  return stopping;
}

export function defer(task: Task): void {
  tasks.push(task);
}

export async function runCleanup(): Promise<void> {
  for (const task of tasks.splice(0).reverse()) {
    try {
      await task();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
}

/** Ctrl-C or kill: undo everything, then exit with the conventional 128 + signal number. */
export function cleanUpOnSignals(): void {
  const signals = [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const;
  for (const [signal, code] of signals) {
    process.once(signal, () => {
      stopping = true;
      console.error(`\n${signal}: stopping servers and removing temporary files…`);
      void runCleanup().finally(() => process.exit(code));
    });
  }
}
