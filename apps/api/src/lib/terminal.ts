/**
 * Output of Tend's command-line tools (start-up, migrate, users): one line for the operator's terminal.
 * The server itself logs through pino; these run before or without a server.
 */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Prints the problem in one line and ends the process with a failing exit code. */
export function fail(problem: unknown, exitCode = 1): never {
  process.stderr.write(`${problem instanceof Error ? problem.message : String(problem)}\n`);
  process.exit(exitCode);
}
