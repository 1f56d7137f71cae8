import type { LightMyRequestResponse } from 'fastify';
import type { PharmacyDetails, UserType } from '@tend/shared';
import { createTestApp, type TestApp } from './helper.ts';

export const GOOD_PASSWORD = 'a-long enough passphrase';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  userType: UserType;
  accessToken: string;
  refreshCookie: string;
}

let counter = 0;

/** Details a test pharmacy registers with; `overrides.pharmacy` changes some. */
export function pharmacyDetails(overrides: Partial<PharmacyDetails> = {}): PharmacyDetails {
  return {
    name: `Test Pharmacy ${counter}`,
    licencenumber: `LIC-${counter}`,
    address: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    country: 'United Kingdom',
    phone: '+44 113 000 0000',
    openinghours: 'Mon–Fri 9:00–18:00',
    ...overrides,
  };
}

/** The refresh token from a response's Set-Cookie, as a Cookie header value. */
export function refreshCookieFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'tend_refresh');
  if (!cookie) throw new Error(`no refresh cookie in response ${res.statusCode}: ${res.body}`);
  return `tend_refresh=${cookie.value}`;
}

export async function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password },
  });
}

/** Registers a new account and signs it in; each call makes a distinct person. */
export async function createAccount(
  t: TestApp,
  userType: UserType = 'patient',
  overrides: {
    email?: string;
    password?: string;
    firstname?: string;
    pharmacy?: Partial<PharmacyDetails>;
  } = {},
): Promise<TestAccount> {
  counter += 1;
  const email = overrides.email ?? `${userType}${counter}.${Date.now()}@example.org`;
  const password = overrides.password ?? GOOD_PASSWORD;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      email,
      password,
      firstname: overrides.firstname ?? 'Test',
      lastname: `Person${counter}`,
      userType,
      ...(userType === 'pharmacy' ? { pharmacy: pharmacyDetails(overrides.pharmacy) } : {}),
    },
    remoteAddress: `10.0.${counter % 250}.${(counter * 7) % 250}`,
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const res = await signIn(t, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const body = res.json<{ accessToken: string; user: { _id: string } }>();
  return {
    id: body.user._id,
    email,
    password,
    userType,
    accessToken: body.accessToken,
    refreshCookie: refreshCookieFrom(res),
  };
}

export function bearer(account: { accessToken: string }) {
  return { authorization: `Bearer ${account.accessToken}` };
}

/** A scenario of one patient, for appWith: `({ t, s: patient } = await appWith(onePatient, dialect))`. */
export const onePatient = (t: TestApp) => createAccount(t, 'patient');

export interface CareScenario {
  owner: TestAccount;
  otherPatient: TestAccount;
  linkedDoctor: TestAccount;
  unlinkedDoctor: TestAccount;
  linkId: string;
}

/** The five callers DESIGN.md asks every route to be tested with (anonymous is simply no token). */
export async function careScenario(t: TestApp): Promise<CareScenario> {
  const owner = await createAccount(t, 'patient');
  const otherPatient = await createAccount(t, 'patient');
  const linkedDoctor = await createAccount(t, 'doctor');
  const unlinkedDoctor = await createAccount(t, 'doctor');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/care-links',
    headers: bearer(owner),
    payload: { doctorId: linkedDoctor.id },
  });
  if (res.statusCode !== 201) throw new Error(`sharing failed: ${res.body}`);
  return {
    owner,
    otherPatient,
    linkedDoctor,
    unlinkedDoctor,
    linkId: res.json<{ _id: string }>()._id,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as a given person (null: anonymous), with an optional JSON body. */
export function callAs(
  t: TestApp,
  who: { accessToken: string } | null,
  method: Method,
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload ? { payload } : {}),
  });
}

/** callAs on the app a test has at the moment it calls: `const call = callsOn(() => t)`. */
export function callsOn(app: () => TestApp) {
  return (who: { accessToken: string } | null, method: Method, url: string, payload?: object) =>
    callAs(app(), who, method, url, payload);
}

/**
 * A fresh app and its people for one test: `({ t, s } = await appWith(careScenario, dialect))` in a
 * beforeEach, the app's options after the dialect as createTestApp takes them.
 */
export async function appWith<S>(
  scenario: (t: TestApp) => Promise<S>,
  ...app: Parameters<typeof createTestApp>
): Promise<{ t: TestApp; s: S }> {
  const t = await createTestApp(...app);
  return { t, s: await scenario(t) };
}

/**
 * A fresh app on `dialect` whose clock stands still at noon UTC on `day`, with the care scenario's
 * people: `beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect)))`.
 */
export function careAppAtNoon(dialect: Parameters<typeof createTestApp>[0], day = '2026-11-21') {
  return appWith(careScenario, dialect, {}, { clock: () => new Date(`${day}T12:00:00Z`) });
}
