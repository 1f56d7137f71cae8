import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used (user + system, /proc/<pid>/stat). CPU per request hardly moves
 * when other work shares the machine, where requests per second do: what profile.ts compares
 * changes by.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in brackets and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) {
    throw new Error(`/proc/${pid}/stat has no CPU times`);
  }
  return (user + system) / TICKS_PER_SECOND;
}
