import type { APIRequestContext } from '@playwright/test';
import type { PharmacyDetails } from '@tend/shared';
import { recordUsed } from './used-values.ts';

/** A pharmacy registered through the API, to sign in through the form. */
export interface PharmacyAccount {
  id: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  userType: 'pharmacy';
  pharmacy: PharmacyDetails;
}

let made = 0;

/**
 * Registers a pharmacy with its details, from a client address of its own (as api-accounts.ts does
 * for patients and doctors), so the spec can find it in the directory by a name no other run has.
 */
export async function createPharmacyViaApi(
  request: APIRequestContext,
  name: string,
): Promise<PharmacyAccount> {
  made += 1;
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const account = {
    email: `pharmacy.${unique}@example.org`,
    password: `e2e pharmacy passphrase ${unique}`,
    firstname: 'Inês',
    lastname: `Pharmacist${made}`,
    userType: 'pharmacy' as const,
    pharmacy: {
      name,
      licencenumber: `LIC-${unique.slice(-8)}`,
      address: '12 Rua da Ribeira',
      city: 'Porto',
      postcode: '4050-513',
      country: 'Portugal',
      phone: '+351 22 000 0000',
      openinghours: 'Mon–Fri 9:00–19:00, Sat 9:00–13:00',
    },
  };
  recordUsed('email', account.email);
  recordUsed('password', account.password);
  const res = await request.post('/api/v1/auth/register', {
    data: account,
    headers: { 'X-Forwarded-For': `203.0.113.${(made * 53 + Number(unique.slice(-3))) % 250}` },
  });
  if (res.status() !== 201) {
    throw new Error(`register failed (${res.status()}): ${await res.text()}`);
  }
  const body = (await res.json()) as { user: { _id: string } };
  return { id: body.user._id, ...account };
}

/** Calls the API as the pharmacy (a token from signing in through the API), for setting up data. */
export async function pharmacyApi(request: APIRequestContext, account: PharmacyAccount) {
  const res = await request.post('/api/v1/auth/sign-in', {
    data: { email: account.email, password: account.password },
    headers: { 'X-Forwarded-For': '198.51.100.21' },
  });
  if (res.status() !== 200)
    throw new Error(`sign-in failed (${res.status()}): ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  recordUsed('token', accessToken);
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data }),
  };
}
