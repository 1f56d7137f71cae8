import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadOptions, RequestSpec, Sample } from './load.ts';

const run = promisify(execFile);

interface WrkRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * One run of wrk (Debian's `wrk`), a load generator written in C: for GETs whose answers are
 * large (a PDF of 24 kB), autocannon parses them slower than Tend writes them — 1 850 req/s
 * against wrk's 13 700 for the same route in the same minute — so the table measured the client.
 * A `requests` list is sent in turn on every connection, as autocannon does, by a Lua script.
 * Only throughput: wrk's latencies are not read (the route table uses none).
 */
export async function loadWithWrk(
  url: string,
  request: RequestSpec,
  options: LoadOptions,
): Promise<Sample> {
  const { origin, pathname, search } = new URL(url);
  const requests: WrkRequest[] = (request.requests as WrkRequest[] | undefined) ?? [
    { method: request.method ?? 'GET', path: pathname + search, headers: request.headers ?? {} },
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'tend-wrk-'));
  try {
    const script = path.join(dir, 'requests.lua');
    writeFileSync(script, luaScript(requests));
    let stdout: string;
    try {
      ({ stdout } = await run('wrk', [
        '--threads',
        '1',
        '--connections',
        String(options.connections),
        '--duration',
        `${options.seconds}s`,
        '--script',
        script,
        origin,
      ]));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') {
        throw new Error('the route table needs wrk on the PATH (Debian: apt-get install wrk)', {
          cause: error,
        });
      }
      throw error;
    }
    return sampleOf(url, stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function luaScript(requests: WrkRequest[]): string {
  const quoted = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string here
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([name, value]) => `[${quoted(name)}] = ${quoted(value)}`)
      .join(', ');
    return `wrk.format(${quoted(r.method ?? 'GET')}, ${quoted(r.path)}, { ${headers} })`;
  });
  return [
    'local requests = {}',
    'local turn = 1',
    'init = function(args)',
    ...formatted.map((f, i) => `  requests[${i + 1}] = ${f}`),
    'end',
    'request = function()',
    '  local r = requests[turn]',
    '  turn = turn % #requests + 1',
    '  return r',
    'end',
    '',
  ].join('\n');
}

/** Requests a second from wrk's report; any error or non-2xx answer fails the run, as in load.ts. */
export function sampleOf(url: string, report: string): Sample {
  const problems: string[] = [];
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report);
  if (non2xx) problems.push(`${non2xx[1]} non-2xx responses`);
  const errors = /Socket errors: (.*)/.exec(report);
  if (errors) problems.push(`socket errors (${errors[1]})`);
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(report);
  const requestsPerSec = Number(perSecond?.[1] ?? Number.NaN);
  if (!(requestsPerSec > 0)) problems.push('no responses');
  if (problems.length > 0) throw new Error(`${url}: ${problems.join(', ')}`);
  return { requestsPerSec, latencyP50Ms: Number.NaN, latencyP99Ms: Number.NaN };
}
