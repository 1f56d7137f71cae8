import { randomBytes } from 'node:crypto';
import type { Client } from './http.ts';
import { describeAnswer } from './http.ts';

export interface Person {
  id: string;
  email: string;
  password: string;
  role: 'patient' | 'doctor';
  token: string;
  /** The address this person's requests come from (X-Forwarded-For). */
  ip: string;
}

let people = 0;

/** A distinct documentation-range address per person, so per-address limits see distinct clients. */
export function addressFor(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A long random passphrase: never in the common-password list, never guessed wrong by the run. */
export function newPassword(): string {
  return `chaos ${randomBytes(12).toString('base64url')} passphrase`;
}

export async function signIn(client: Client, person: Omit<Person, 'token'>): Promise<string> {
  const answer = await client.call({
    method: 'POST',
    path: '/api/v1/auth/sign-in',
    body: { email: person.email, password: person.password },
    ip: person.ip,
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${describeAnswer(answer)}`);
  return (answer.body as { accessToken: string }).accessToken;
}

/** Registers a new person through the API and signs them in. */
export async function register(client: Client, role: Person['role'], tag: string): Promise<Person> {
  people += 1;
  const ip = addressFor(people);
  const email = `${tag}-${people}-${randomBytes(4).toString('hex')}@chaos.example.org`;
  const password = newPassword();
  const answer = await client.call({
    method: 'POST',
    path: '/api/v1/auth/register',
    body: {
      email,
      password,
      firstname: 'Chaos',
      lastname: `Person ${people}`,
      userType: role,
      timezone: 'UTC',
    },
    ip,
  });
  if (answer.status !== 201) throw new Error(`register failed: ${describeAnswer(answer)}`);
  const id = (answer.body as { user: { _id: string } }).user._id;
  const person = { id, email, password, role, ip };
  return { ...person, token: await signIn(client, person) };
}

/** `count` patients registered and signed in, `width` at a time, each tagged `${tag}${i}`. */
export function registerPatients(
  client: Client,
  count: number,
  width: number,
  tag: string,
): Promise<Person[]> {
  return inParallel(
    Array.from({ length: count }, (_, i) => i),
    width,
    (i) => register(client, 'patient', `${tag}${i}`),
  );
}

/** Runs `work` over `items` with at most `width` at a time. */
export async function inParallel<T, R>(
  items: T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
