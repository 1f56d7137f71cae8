import { readFileSync, writeFileSync } from 'node:fs';

/** Kilobyte figures of /proc/<pid>/status, e.g. VmRSS and VmHWM, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(match[1]) / 1024;
  };
  return { rssMb: kb('VmRSS'), peakMb: kb('VmHWM') };
}

/** Linux resets VmHWM to the current RSS when 5 is written to clear_refs, so the peak is this run's. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
