import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, refreshCookieFrom } from '../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../test/helper.ts';

// Distinctive values, so a match in the log can only be one of them.
const patient = {
  email: 'Quinta.Marchetti-7@example.org',
  password: 'correct horse battery staple 7',
  firstname: 'Quinta',
  lastname: 'Marchetti',
};
const doctor = {
  email: 'Ottoline.Brandvold@example.org',
  password: 'another long doctor passphrase',
  firstname: 'Ottoline',
  lastname: 'Brandvold',
};
const newPassword = 'a fresh passphrase nobody knows';
const medication = {
  name: 'Zanubrutinib',
  description: 'Capsules from Farmacia Lucerna',
  dosage: '160 milligrams',
  note: 'Avoid Seville oranges',
};

const levels = ['info', 'debug'] as const;
const cases = testDialects().flatMap((dialect) => levels.map((level) => [dialect, level] as const));

/** Issue 7 item 6: a whole journey through the API leaves none of its personal values in the log. */
describe.each(cases)('the %s server log at level %s', (dialect, level) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(
      dialect,
      { LOG_LEVEL: level },
      { clock: () => new Date('2026-03-10T09:00:00Z') },
    );
  });
  afterEach(() => t.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { token?: string; payload?: object; cookie?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(options.token ? bearer({ accessToken: options.token }) : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  /** Every personal value the journey sends or receives, with its kind (value → kind). */
  async function journey(): Promise<Map<string, string>> {
    const used = new Map<string, string>();
    const note = (kind: string, ...values: string[]) => {
      for (const value of values) used.set(value, kind);
    };
    for (const person of [patient, doctor]) {
      note('email', person.email);
      note('password', person.password);
      note('name', person.firstname, person.lastname);
    }
    note('password', newPassword);
    note('medication', ...Object.values(medication));
    const ok = async (status: number, res: Awaited<ReturnType<typeof send>>) => {
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };

    await ok(201, await send('POST', '/api/v1/auth/register', { payload: patient }));
    await ok(
      201,
      await send('POST', '/api/v1/auth/register', { payload: { ...doctor, userType: 'doctor' } }),
    );
    // A wrong password and an unknown address, as people mistype them.
    await ok(
      401,
      await send('POST', '/api/v1/auth/sign-in', {
        payload: { email: patient.email, password: 'Marchetti wrong guess' },
      }),
    );
    await ok(
      401,
      await send('POST', '/api/v1/auth/sign-in', {
        payload: { email: 'quinta.m@example.org', password: patient.password },
      }),
    );
    note('password', 'Marchetti wrong guess');
    note('email', 'quinta.m@example.org');

    const signedIn = await ok(
      200,
      await send('POST', '/api/v1/auth/sign-in', {
        payload: { email: patient.email, password: patient.password },
      }),
    );
    const refreshed = await ok(
      200,
      await send('POST', '/api/v1/auth/refresh', { cookie: refreshCookieFrom(signedIn) }),
    );
    const token = refreshed.json<{ accessToken: string }>().accessToken;
    note('token', signedIn.json<{ accessToken: string }>().accessToken, token);
    note(
      'token',
      refreshCookieFrom(signedIn).split('=')[1] ?? '',
      refreshCookieFrom(refreshed).split('=')[1] ?? '',
    );

    const doctorSession = await ok(
      200,
      await send('POST', '/api/v1/auth/sign-in', {
        payload: { email: doctor.email, password: doctor.password },
      }),
    );
    const doctorToken = doctorSession.json<{ accessToken: string }>().accessToken;
    note('token', doctorToken);

    await ok(
      200,
      await send('PATCH', '/api/v1/me/update', {
        token,
        payload: { address: '14 Via Lucerna', city: 'Bellinzona', number: '+41 91 555 0199' },
      }),
    );
    note('profile detail', '14 Via Lucerna', 'Bellinzona', '+41 91 555 0199');
    const found = await ok(
      200,
      await send('GET', `/api/v1/doctors?q=${doctor.lastname}`, { token }),
    );
    const doctorId = found.json<{ doctors: { _id: string }[] }>().doctors[0]?._id ?? '';
    await ok(201, await send('POST', '/api/v1/care-links', { token, payload: { doctorId } }));

    const created = await ok(
      201,
      await send('POST', '/api/v1/medications', {
        token,
        payload: { ...medication, startdate: '2026-03-01', timefrequency: 'day' },
      }),
    );
    const medicationId = created.json<{ _id: string }>()._id;
    await ok(
      200,
      await send('PATCH', `/api/v1/medications/${medicationId}`, {
        token,
        payload: { taken: true },
      }),
    );
    await ok(200, await send('GET', '/api/v1/medications', { token }));
    const patientId = signedIn.json<{ user: { _id: string } }>().user._id;
    await ok(
      200,
      await send('GET', `/api/v1/trackmedications/${patientId}`, { token: doctorToken }),
    );
    // A bad request still logs nothing it was sent.
    await ok(
      400,
      await send('POST', '/api/v1/medications', {
        token,
        payload: { ...medication, timefrequency: 'Zanubrutinib at noon' },
      }),
    );

    await ok(
      400,
      await send('POST', '/api/v1/me/password', {
        token,
        payload: { oldPassword: 'Marchetti wrong guess', newPassword },
      }),
    );
    await ok(
      204,
      await send('POST', '/api/v1/me/password', {
        token,
        payload: { oldPassword: patient.password, newPassword },
      }),
    );
    await ok(204, await send('POST', '/api/v1/auth/sign-out', { token }));
    await ok(401, await send('GET', '/api/v1/me', { token }));
    return used;
  }

  it('holds no email, name, medication, profile detail, password or token', async () => {
    const used = await journey();
    const log = t.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    const leakedKinds = [...used]
      .filter(([value]) => value !== '' && log.toLowerCase().includes(value.toLowerCase()))
      .map(([, kind]) => kind);
    // Only the kinds are reported: the failure message must not repeat the values.
    expect(leakedKinds).toEqual([]);
  });
});
