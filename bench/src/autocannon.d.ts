// autocannon ships no types and @types/autocannon is not installed; this covers only what load.ts uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: readonly object[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests per second across all connections; unset sends as fast as answers come. */
    overallRate?: number;
  }

  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface Result {
    /** Seconds actually spent sending. */
    duration: number;
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  interface Run extends PromiseLike<Result> {
    /** responseTime is in milliseconds, with sub-millisecond precision. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
  }

  /** Without a callback, returns an event emitter that is also a thenable. */
  function autocannon(options: Options): Run;
  export = autocannon;
}
