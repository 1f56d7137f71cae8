import autocannon from 'autocannon';

export interface RequestSpec {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * A sequence each connection sends in turn instead of one request (autocannon's `requests`): a
   * mix of routes, or a write and its undoing.
   */
  requests?: readonly object[];
}

export interface Sample {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** A steady request rate (per second, all connections together) instead of as fast as possible. */
  overallRate?: number;
}

const BUCKET_MS = 0.01;
const BUCKETS = 100_000;

/**
 * autocannon's own latency histogram counts whole milliseconds, so every local request reads
 * "0 ms". This one has 10 µs buckets up to 1 s (slower answers share the last bucket).
 */
function latencyHistogram() {
  const counts = new Uint32Array(BUCKETS);
  let total = 0;
  return {
    get total() {
      return total;
    },
    record(ms: number) {
      const bucket = Math.min(BUCKETS - 1, Math.floor(ms / BUCKET_MS));
      counts[bucket] = (counts[bucket] ?? 0) + 1;
      total++;
    },
    /** Upper edge of the bucket holding the p-th percentile. */
    percentile(p: number): number {
      const rank = Math.ceil((total * p) / 100);
      let seen = 0;
      for (let bucket = 0; bucket < BUCKETS; bucket++) {
        seen += counts[bucket] ?? 0;
        if (seen >= rank && seen > 0) return Number(((bucket + 1) * BUCKET_MS).toFixed(2));
      }
      return Number.NaN;
    },
  };
}

/** One autocannon run. Any error or non-2xx answer fails it: a fast error page is not a result. */
export async function load(
  url: string,
  request: RequestSpec,
  options: LoadOptions,
): Promise<Sample> {
  const latency = latencyHistogram();
  const refused = new Map<number, number>();
  const result = await autocannon({
    url,
    ...request,
    connections: options.connections,
    duration: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  }).on('response', (_client, status, _bytes, ms) => {
    latency.record(ms);
    if (status >= 300) refused.set(status, (refused.get(status) ?? 0) + 1);
  });
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const statuses = [...refused].map(([status, n]) => `${n}× ${status}`).join(', ');
    problems.push(`${result.non2xx} non-2xx responses (${statuses})`);
  }
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (latency.total === 0) problems.push('no responses');
  if (problems.length > 0) throw new Error(`${url}: ${problems.join(', ')}`);
  return {
    // Answers counted as they come over the elapsed time: autocannon's own total adds up
    // per-second samples, which misses the last part second (and can read 0 for a 1 s run).
    requestsPerSec: latency.total / result.duration,
    latencyP50Ms: latency.percentile(50),
    latencyP99Ms: latency.percentile(99),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

/** Each figure's median across rounds, taken separately. */
export function medianSample(samples: readonly Sample[]): Sample {
  return {
    requestsPerSec: median(samples.map((s) => s.requestsPerSec)),
    latencyP50Ms: median(samples.map((s) => s.latencyP50Ms)),
    latencyP99Ms: median(samples.map((s) => s.latencyP99Ms)),
  };
}
