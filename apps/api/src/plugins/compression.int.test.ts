import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appWith, bearer, onePatient, type TestAccount } from '../../test/accounts.ts';
import { testDialects, type TestApp } from '../../test/helper.ts';
import { multipartBody, pdf } from '../../test/upload-files.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

const medication = (n: number) => ({
  name: `Medication number ${n}`,
  description: 'Take with food, with a full glass of water',
  dosage: '500 mg',
  note: 'Prescribed at the last visit',
  startdate: '2026-11-01',
  enddate: '2026-12-31',
  timefrequency: 'day',
});

/** Opens the live event stream over real HTTP and resolves with its head and first chunk. */
function firstChunkOfStream(base: string, token: string) {
  return new Promise<{ response: IncomingMessage; chunk: string }>((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/v1/events`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (response) => {
        response.once('data', (chunk: Buffer) => {
          resolve({ response, chunk: chunk.toString('latin1') });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.each(testDialects())('compressed API answers on %s', (dialect) => {
  let t: TestApp;
  let patient: TestAccount;
  beforeEach(async () => ({ t, s: patient } = await appWith(onePatient, dialect)));
  afterEach(() => t.close());

  async function listOfTwenty(acceptEncoding?: string) {
    for (let n = 1; n <= 20; n++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/medications',
        headers: bearer(patient),
        payload: medication(n),
      });
      expect(created.statusCode).toBe(201);
    }
    return t.app.inject({
      method: 'GET',
      url: '/api/v1/medications',
      headers: {
        ...bearer(patient),
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
  }

  it('sends a list brotli-compressed to a client that accepts it, still no-store', async () => {
    const res = await listOfTwenty('br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as {
      medications: unknown[];
    };
    expect(body.medications).toHaveLength(20);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 2);
  });

  it('falls back to gzip, and sends it plain to a client that accepts neither', async () => {
    const gzipped = await listOfTwenty('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toHaveProperty(
      'medications',
    );

    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/medications',
      headers: bearer(patient),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ medications: unknown[] }>().medications).toHaveLength(20);
  });

  it('leaves an answer under the threshold uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { ...bearer(patient), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends a report file as stored: a PDF is already compressed', async () => {
    const file = pdf({ padTo: 4 * COMPRESSION_THRESHOLD_BYTES });
    const body = multipartBody(
      { title: 'Blood test' },
      { filename: 'blood.pdf', contentType: 'application/pdf', data: file },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(patient) },
    });
    expect(uploaded.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/${uploaded.json<{ _id: string }>()._id}/file`,
      headers: { ...bearer(patient), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(res.rawPayload, file)).toBe(0);
  });

  it('streams live events uncompressed, each frame as it is written', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.app.liveEvents.ready();
    const { response, chunk } = await firstChunkOfStream(base, patient.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    // The greeting arrives while the stream is still open: nothing holds it back to compress.
    expect(chunk).toContain(': connected');
  });
});
