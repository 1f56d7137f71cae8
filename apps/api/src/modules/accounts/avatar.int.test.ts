import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import {
  appWith,
  bearer,
  onePatient,
  createAccount,
  type TestAccount,
} from '../../../test/accounts.ts';
import { jpegWithGps, multipartBody } from '../../../test/upload-files.ts';

const GPS_IFD_POINTER = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

describe.each(testDialects())('profile pictures on %s', (dialect) => {
  let t: TestApp;
  let owner: TestAccount;
  beforeEach(async () => ({ t, s: owner } = await appWith(onePatient, dialect)));
  afterEach(() => t.close());

  const upload = (account: TestAccount | null, name: string, type: string, data: Uint8Array) => {
    const body = multipartBody({}, { filename: name, contentType: type, data });
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/avatar',
      payload: body.payload,
      headers: { ...body.headers, ...(account ? bearer(account) : {}) },
    });
  };
  const fetchAvatar = (account: TestAccount | null, userId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${userId}/avatar`,
      headers: account ? bearer(account) : {},
    });

  it('stores a PNG, shows its URL in the profile and serves it to its owner only', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#08f' } })
      .png()
      .toBuffer();
    const res = await upload(owner, 'me.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    const avatarUrl = res.json<{ avatarUrl: string }>().avatarUrl;
    expect(avatarUrl).toMatch(new RegExp(`^/api/v1/users/${owner.id}/avatar\\?v=\\d+$`));
    const served = await t.app.inject({ method: 'GET', url: avatarUrl, headers: bearer(owner) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    expect((await fetchAvatar(null, owner.id)).statusCode).toBe(401);
    const stranger = await createAccount(t, 'patient');
    expect((await fetchAvatar(stranger, owner.id)).statusCode).toBe(404);
    const doctor = await createAccount(t, 'doctor');
    expect((await fetchAvatar(doctor, owner.id)).statusCode).toBe(404);
  });

  it('stores and serves a JPEG without its EXIF metadata or GPS location', async () => {
    const original = await jpegWithGps();
    const exifIn = (await sharp(original).metadata()).exif;
    expect(exifIn && GPS_IFD_POINTER.some((p) => exifIn.includes(p))).toBe(true);

    expect((await upload(owner, 'holiday.jpg', 'image/jpeg', original)).statusCode).toBe(200);
    const served = await fetchAvatar(owner, owner.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('TendTestCamera')).toBe(false);
    const stored = await t.db.kysely.selectFrom('avatars').select('data').executeTakeFirstOrThrow();
    expect(Buffer.from(stored.data).includes('TendTestCamera')).toBe(false);
  });

  it('refuses a file over 2 MB with 413 and keeps the previous picture', async () => {
    const tooBig = new Uint8Array(2 * 1024 * 1024 + 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    const res = await upload(owner, 'big.jpg', 'image/jpeg', tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('file_too_large');
    expect(await t.db.kysely.selectFrom('avatars').selectAll().execute()).toEqual([]);
  });

  it('refuses a text file named .png with 415, whatever it claims to be', async () => {
    const res = await upload(
      owner,
      'photo.png',
      'image/png',
      Buffer.from('just some text, not a picture'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'unsupported_file_type',
      message: 'Choose a JPG, GIF or PNG picture.',
    });
  });

  it('refuses a truncated image with 415 and a readable message', async () => {
    const broken = (await jpegWithGps()).subarray(0, 40);
    const res = await upload(owner, 'broken.jpg', 'image/jpeg', broken);
    expect(res.statusCode).toBe(415);
  });

  it('refuses an upload without a token', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(null, 'a.png', 'image/png', png)).statusCode).toBe(401);
  });

  it('removes the picture on request', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload(owner, 'a.gif', 'image/gif', gif)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/avatar',
      headers: bearer(owner),
    });
    expect(res.json().avatarUrl).toBeNull();
    expect((await fetchAvatar(owner, owner.id)).statusCode).toBe(404);
  });
});
