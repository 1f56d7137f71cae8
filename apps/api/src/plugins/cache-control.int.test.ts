import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appWith, bearer, onePatient, type TestAccount } from '../../test/accounts.ts';
import { testDialects, type TestApp } from '../../test/helper.ts';

describe.each(testDialects())('Cache-Control of API answers on %s', (dialect) => {
  let t: TestApp;
  let patient: TestAccount;
  beforeEach(async () => ({ t, s: patient } = await appWith(onePatient, dialect)));
  afterEach(() => t.close());

  it.each([
    ['GET', '/api/v1/me'],
    ['GET', '/api/v1/medications'],
    ['GET', '/api/v1/care-links'],
  ] as const)('%s %s signed in: no-store', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: bearer(patient) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('no-store on writes, errors and public API answers too', async () => {
    const answers = await Promise.all([
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/update',
        headers: bearer(patient),
        payload: { firstname: 'Renamed' },
      }),
      t.app.inject({ method: 'GET', url: '/api/v1/medications' }),
      t.app.inject({ method: 'GET', url: '/api/v1/medications/nope', headers: bearer(patient) }),
      t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      t.app.inject({ method: 'GET', url: '/api/v1/health' }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: patient.email, password: patient.password },
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 404, 200, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a profile picture out of every cache, the browser’s included', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const boundary = 'tend-cache-test';
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/avatar',
      headers: {
        ...bearer(patient),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const picture = await t.app.inject({
      method: 'GET',
      url: uploaded.json<{ avatarUrl: string }>().avatarUrl,
      headers: bearer(patient),
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('private, no-store');
  });
});
