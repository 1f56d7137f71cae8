import type { FuzzRequest } from './requests.ts';

export type MissKind = 'serverErrors' | 'notErrorShape' | 'changedData';

/** A request in one line: enough to send it again by hand, cut short where it is huge. */
export function describeRequest(request: FuzzRequest, url: string): string {
  const cut = (text: string, n: number) =>
    text.length > n ? `${text.slice(0, n)}…(${text.length} chars)` : text;
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? ` body ${cut(JSON.stringify(request.payload), 160)}`
        : ` body <${request.payload.length} bytes>`;
  const headers = Object.keys(request.headers).length
    ? ` headers ${cut(JSON.stringify(request.headers), 160)}`
    : '';
  return `${request.method} ${cut(url, 160)} as ${request.actor} (${request.mutation})${headers}${payload}`;
}

/** Counts misses; describes the first request of each distinct kind (what, status, error code). */
export class Misses {
  readonly counts: Record<MissKind, number> = { serverErrors: 0, notErrorShape: 0, changedData: 0 };
  private readonly described = new Map<string, string>();

  add(kind: MissKind, status: number, code: string, line: () => string): void {
    this.counts[kind] += 1;
    const signature = `${kind} ${status} ${code}`;
    if (!this.described.has(signature)) this.described.set(signature, line());
  }

  /** 5xx first: they matter most. */
  lines(limit = 10): string[] {
    const order: MissKind[] = ['serverErrors', 'changedData', 'notErrorShape'];
    return [...this.described]
      .sort(
        ([a], [b]) =>
          order.indexOf(a.split(' ')[0] as MissKind) - order.indexOf(b.split(' ')[0] as MissKind),
      )
      .slice(0, limit)
      .map(([, line]) => line);
  }
}

/** The error code of a response body, or what stands in its place. */
export function errorCodeOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown }; code?: unknown };
    const code = parsed.error?.code ?? parsed.code;
    return typeof code === 'string' ? code : 'no-code';
  } catch {
    return 'not-json';
  }
}
