import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test/helper.ts';
import { BODY_LIMIT_BYTES } from './app.ts';

describe.each(testDialects())('the server on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('reports a healthy database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: { dialect, ok: true },
      message: 'Tend and its database are working.',
      backup: { lastat: null, lastsize: null },
    });
  });

  it('reports 503 when the database does not answer', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { dialect, ok: false } });
    expect(res.json().message).toMatch(/cannot reach its database/);
  });

  it('answers an unknown API path with the 404 error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'There is nothing at GET /api/v1/nope.' },
    });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'malformed_request', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers a body over the limit with 413 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request is too large.' },
    });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: { 'content-type': 'text/plain' },
      payload: 'a@b.co',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('sends a JSON answer the headers that keep it from being sniffed, run, framed or read elsewhere', async () => {
    for (const url of ['/api/v1/auth/password-policy', '/api/v1/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      // Headers only a page uses are left off (docs/decisions/018).
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('sends the public health check only no-store and nosniff, for the monitors that read it', async () => {
    for (const url of ['/api/v1/health', '/api/v1/health?verbose=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
    }
    const near = await t.app.inject({ method: 'GET', url: '/api/v1/healthy' });
    expect(near.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });

  it('publishes OpenAPI 3.1 generated from the route schemas, browsable at /api/docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/subscriptions']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
