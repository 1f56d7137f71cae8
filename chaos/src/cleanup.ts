/**
 * One list of undo steps (stop a server, remove a temporary directory, drop a database), run newest
 * first so a database is dropped only after the server using it has stopped.
 */
type Task = () => Promise<void> | void;

const tasks: Task[] = [];

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
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping servers and removing temporary files…`);
      void runCleanup().finally(() => process.exit(code));
    });
  }
}
