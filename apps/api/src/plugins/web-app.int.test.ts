import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helper.ts';
import { buildApp, type App } from '../app.ts';

describe('serving the built web app', () => {
  let testDb: TestDatabase;
  let app: App;
  const dist = mkdtempSync(path.join(tmpdir(), 'tend-dist-'));
  const entry = `console.log(${JSON.stringify('Tend '.repeat(400))})`;
  /** A built file with the brotli and gzip copies the build leaves beside it. */
  const writeBuilt = (file: string, content: string) => {
    writeFileSync(path.join(dist, file), content);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
  };

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    // The landing page rendered at build time, and the shell every other page starts from.
    writeBuilt(
      'index.html',
      '<!doctype html><title>Tend</title><div id="root"><main>Landing</main></div>',
    );
    writeBuilt('app.html', '<!doctype html><title>Tend</title><div id="root"></div>');
    // The same shell naming the areas' files for preloading (decision 029).
    writeBuilt(
      'app-area.html',
      '<!doctype html><title>Tend</title><link rel="modulepreload" href="/assets/area.js"><div id="root"></div>',
    );
    writeBuilt(
      'sign-in.html',
      '<!doctype html><title>Tend</title><div id="root"><h1>Sign in</h1></div>',
    );
    writeBuilt('assets/index-abc123.js', entry);
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
    testDb = await createTestDatabase('sqlite');
    const config = testConfig(testDb.dataDir, testDb.database, { WEB_DIST_DIR: dist });
    app = await buildApp({ config, db: testDb.db });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a page security headers with a strict Content Security Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
  });

  it('serves the prerendered landing page at / without caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main>Landing</main>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year, brotli-compressed for a client that accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(entry);
  });

  it('sends the gzip copy to a gzip-only client and the file itself to one that accepts neither', async () => {
    const gzipped = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(entry);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entry);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses the landing page too, and never caches it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<main>Landing</main>');
  });

  it('serves a page the build rendered at its own path, compressed, without caching', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/sign-in?next=%2Fpatient',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Sign in</h1>');
  });

  it('revalidates unhashed files such as the service worker on every load', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/anything', '/patient/nope/deeper', '/sign-up?from=landing'])(
    'falls back to the app shell for the page path %s so the client router decides',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: 'tend_session=1' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Landing');
    },
  );

  it.each([
    ['/patient/daily-medication', '/sign-in?next=%2Fpatient%2Fdaily-medication'],
    ['/doctor', '/sign-in?next=%2Fdoctor'],
    ['/visit/abc?x=1', '/sign-in?next=%2Fvisit%2Fabc%3Fx%3D1'],
  ])(
    'sends %s opened without a session straight to sign-in, naming the page, and none of the app',
    async (url, location) => {
      for (const headers of [{}, { cookie: 'tend_session=0; other=1' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(location);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toContain('<div id="root">');
      }
    },
  );

  it('serves an area page to a browser holding the session hint; the app then asks for a token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/patient/daily-medication',
      headers: { cookie: 'theme=dark; tend_session=1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each(['/patient/daily-medication', '/doctor', '/pharmacy/prescriptions/1'])(
    'serves %s the area shell, which names the area files to fetch at once, compressed and revalidated',
    async (url) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'tend_session=1', 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('rel="modulepreload"');
    },
  );

  it.each(['/visit/abc', '/patients', '/sign-up', '/app-area'])(
    'serves %s, outside the areas, the plain shell',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: 'tend_session=1' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><title>Tend</title><div id="root"></div>');
    },
  );

  it.each(['/patients', '/doctors/x', '/sign-in', '/'])(
    'lets %s, which needs no session, open without the hint',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
    },
  );

  it('answers a missing file with 404 rather than the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('never answers an API path with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  describe('over real HTTP, paths with encoded dots', () => {
    let port: number;
    /** A GET of the path exactly as written: fetch would resolve "%2e%2e" segments before sending. */
    const rawGet = (url: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          const req = request(
            { host: '127.0.0.1', port, path: url, headers: { accept: 'text/html' } },
            (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (body += chunk));
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
              );
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
    beforeAll(async () => {
      // Through app.inject the answer differs from what a client on a socket gets: over a real port.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      port = address.port;
    });

    it.each([
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fetc%2fpasswd',
      '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/assets/%2e%2e/index.html',
      '/assets/..%2findex.html',
      '/..%2f..%2fetc%2fpasswd.txt',
      '/assets/..%5c..%5cetc%5cpasswd',
      '/api/v1/..%2f..%2fetc%2fpasswd',
    ])('answers %s in the error shape every answer keeps, never a file', async (url) => {
      const res = await rawGet(url);
      const body = res.body;
      expect(res.headers['content-type'], body).toMatch(/^application\/json/);
      expect(res.status).toBe(404);
      // The same answer as any other missing file's.
      expect(JSON.parse(body)).toEqual({
        error: { code: 'not_found', message: `There is nothing at GET ${url}.` },
      });
      // The same security headers as every other answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('still serves a page whose path or query merely holds an encoded character', async () => {
      for (const url of ['/doctors/ana%20ruiz', '/patients?q=a%2fb']) {
        const res = await rawGet(url);
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    });
  });
});
