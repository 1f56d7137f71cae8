import type { APIRequestContext } from '@playwright/test';
import { recordUsed } from './used-values.ts';

export interface ApiAccount {
  id: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  userType: 'patient' | 'doctor';
}

let made = 0;
let signIns = 0;

/**
 * Registers an account through the API, as if from its own client address (the e2e server trusts the
 * forwarded address), so tests that need a person but are not about signing up stay within the limits.
 */
/** Who to register: names, and the time zone their days are counted in (UTC unless given). */
export type AccountNames = { firstname?: string; lastname?: string; timezone?: string };

export async function createAccountViaApi(
  request: APIRequestContext,
  userType: 'patient' | 'doctor',
  names: AccountNames = {},
): Promise<ApiAccount> {
  made += 1;
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const account = {
    email: `${userType}.${unique}@example.org`,
    password: `e2e passphrase ${unique}`,
    firstname: names.firstname ?? (userType === 'doctor' ? 'Dana' : 'Pat'),
    lastname: names.lastname ?? `Tester${made}`,
    userType,
    ...(names.timezone ? { timezone: names.timezone } : {}),
  };
  recordUsed('email', account.email);
  recordUsed('password', account.password);
  const res = await request.post('/api/v1/auth/register', {
    data: account,
    headers: { 'X-Forwarded-For': `203.0.113.${(made * 37 + Number(unique.slice(-3))) % 250}` },
  });
  if (res.status() !== 201)
    throw new Error(`register failed (${res.status()}): ${await res.text()}`);
  const body = (await res.json()) as { user: { _id: string } };
  return { id: body.user._id, ...account };
}

/** Signs in through the API and returns the access token, for setting up data a test then looks at. */
export async function apiToken(request: APIRequestContext, account: ApiAccount): Promise<string> {
  const res = await request.post('/api/v1/auth/sign-in', {
    data: { email: account.email, password: account.password },
    // Its own client address, like each registration's: set-up sign-ins from one address would meet
    // the per-address sign-in limit whenever several specs set up at the same moment.
    headers: { 'X-Forwarded-For': `198.51.100.${(made * 53 + signIns++) % 250}` },
  });
  if (res.status() !== 200)
    throw new Error(`sign-in failed (${res.status()}): ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  recordUsed('token', accessToken);
  return accessToken;
}
