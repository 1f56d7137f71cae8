import { describe, expect, it } from 'vitest';
import { sampleOf } from './wrk.ts';

// wrk 4's report, as it prints it (Debian's wrk 4.1.0).
const report = (extra = '') => `Running 2s test @ http://127.0.0.1:41234
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   711.68us  392.52us   9.08ms   93.14%
    Req/Sec    13.79k     1.21k   15.02k    80.00%
  27446 requests in 2.00s, 657.61MB read
${extra}Requests/sec:  13710.44
Transfer/sec:    328.50MB
`;

describe('sampleOf (a wrk report)', () => {
  it('reads the requests a second', () => {
    expect(sampleOf('http://x/', report()).requestsPerSec).toBe(13710.44);
  });

  it('fails the run on any answer outside 2xx or any socket error, as autocannon runs do', () => {
    expect(() => sampleOf('http://x/a', report('  Non-2xx or 3xx responses: 12\n'))).toThrow(
      'http://x/a: 12 non-2xx responses',
    );
    expect(() =>
      sampleOf('http://x/b', report('  Socket errors: connect 0, read 3, write 0, timeout 0\n')),
    ).toThrow('socket errors (connect 0, read 3, write 0, timeout 0)');
    expect(() =>
      sampleOf('http://x/c', 'unable to connect to 127.0.0.1:1 Connection refused'),
    ).toThrow('no responses');
  });
});
