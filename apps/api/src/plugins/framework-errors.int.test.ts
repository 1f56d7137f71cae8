import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/helper.ts';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends bytes as they are (a request Node's HTTP parser refuses never reaches inject). */
function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(bytes);
  });
}

const errorShape = {
  error: { code: expect.any(String) as string, message: expect.any(String) as string },
};

describe.each(testDialects())('every answer of the framework itself, on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  describe('requests the HTTP parser refuses', () => {
    let port: number;
    beforeEach(async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = Number(new URL(address).port);
    });

    it('an unknown method: 400 in the error shape', async () => {
      const res = await rawRequest(port, 'FOO /api/v1/medications HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(res.status).toBe(400);
      expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'malformed_request', message: 'Tend could not read this request.' },
      });
    });

    it('headers past the limit (an address of 20 000 characters): 431 in the error shape', async () => {
      const res = await rawRequest(
        port,
        `GET /api/v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'headers_too_large',
          message: 'The address or headers of this request are too long.',
        },
      });
    });

    it('a request line that is not HTTP: 400 in the error shape', async () => {
      const res = await rawRequest(port, 'hello there\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject(errorShape);
    });
  });

  it('a method the address does not take: 405 with Allow, in the error shape', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/medications' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: 'PUT is not possible at /api/v1/medications; it takes GET, HEAD, POST.',
      },
    });
  });

  it('a method the address does not take, on an address with an id: 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/medications/some-id' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD, PATCH, PUT');
  });

  it('OPTIONS on an API address (Tend takes no cross-origin calls): 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/me' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD');
    expect(res.json()).toMatchObject(errorShape);
  });

  it('an address nothing answers: still 404', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('an address that is not valid percent-encoding: 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/medications/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'malformed_request', message: 'The address of this request is not valid.' },
    });
  });

  it('a path parameter longer than the router takes: 414', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/medications/${'a'.repeat(600)}`,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe('address_too_long');
  });
  // A body that is not JSON (400), of another content type (415) or past the limit (413): app.int.test.ts.
});
