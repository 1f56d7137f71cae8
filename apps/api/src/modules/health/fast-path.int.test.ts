import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEALTH_MAX_AGE_MS } from './module.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';

// Headers that differ between any two answers, whoever sends them.
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);

function comparableHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

describe.each(testDialects())('health checks over HTTP on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => t.close());

  // Fastify logs every request it routes; the fast path answers without routing, so without a log line.
  const routedHealthChecks = () =>
    t.logs.filter((line) => line.includes('incoming request') && line.includes('/api/v1/health'))
      .length;

  it('answers a repeat within a second from the last check, exactly as the route does', async () => {
    const first = await fetch(`${base}/api/v1/health`);
    const firstBody = await first.json();
    expect(first.status).toBe(200);
    expect(firstBody).toMatchObject({ status: 'ok', database: { dialect, ok: true } });
    expect(routedHealthChecks()).toBe(1);

    const repeat = await fetch(`${base}/api/v1/health`);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(firstBody);
    expect(comparableHeaders(repeat)).toEqual(comparableHeaders(first));
    expect(repeat.headers.get('cache-control')).toBe('no-store');
    expect(repeat.headers.get('x-content-type-options')).toBe('nosniff');
    expect(routedHealthChecks()).toBe(1);
  });

  it('asks the database again once the last check is older than a second', async () => {
    await fetch(`${base}/api/v1/health`);
    await sleep(HEALTH_MAX_AGE_MS + 50);
    const later = await fetch(`${base}/api/v1/health`);
    expect(later.status).toBe(200);
    expect(routedHealthChecks()).toBe(2);
  });

  it('leaves other methods, query strings and other paths to Fastify', async () => {
    await fetch(`${base}/api/v1/health`);
    const head = await fetch(`${base}/api/v1/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const withQuery = await fetch(`${base}/api/v1/health?verbose=1`);
    expect(withQuery.status).toBe(200);
    // Fastify answers a method the address does not take (405, decision 019), not the fast path.
    const post = await fetch(`${base}/api/v1/health`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
    expect(routedHealthChecks()).toBe(4);
  });
});
