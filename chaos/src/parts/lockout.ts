/**
 * lockout: a thousand wrong passwords for one account from 200 addresses, while its owner signs in
 * from their own browser (its device cookie) every second. Every one of the owner's sign-ins must
 * succeed, strangers must stay paused, and the passwords actually checked must stay within the
 * limit (docs/decisions/020).
 */
import { addressFor, inParallel, register } from '../accounts.ts';
import { Client, describeAnswer, type Answer } from '../http.ts';
import { Expectations, type PartResult } from '../report.ts';
import { startPartTend } from '../server.ts';

export interface LockoutOptions {
  guesses: number;
  addresses: number;
  /** How long the attack is spread over. */
  seconds: number;
  postgresAdminUrl?: string;
}

const SIGN_IN = '/api/v1/auth/sign-in';
const DEVICE_COOKIE = 'tend_device';
// The unknown-client allowance per account (sign-in-throttle.ts): at most this many wrong passwords
// are checked in one 15-minute window, however many are sent.
const UNKNOWN_CLIENT_ALLOWANCE = 5;

function deviceCookieOf(answer: Answer): string | undefined {
  const header = answer.setCookies?.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return header?.split(';')[0];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLockout(
  database: 'sqlite' | 'postgres',
  { guesses, addresses, seconds, postgresAdminUrl }: LockoutOptions,
): Promise<PartResult> {
  // The attack's addresses and the owner's are told apart by X-Forwarded-For, as behind a proxy.
  const { server } = await startPartTend('lockout', database, postgresAdminUrl, {
    TRUST_PROXY: 'true',
  });
  const client = new Client(server.baseUrl, 40);
  const expectations = new Expectations();
  try {
    const owner = await register(client, 'patient', 'lockout');
    const signIn = (password: string, ip: string, cookie?: string) =>
      client.call({
        method: 'POST',
        path: SIGN_IN,
        body: { email: owner.email, password },
        ip,
        ...(cookie ? { cookie } : {}),
      });
    // The owner's browser has signed in before: it holds a device cookie.
    const first = await signIn(owner.password, owner.ip);
    let device = deviceCookieOf(first);
    if (first.status !== 200 || !device) {
      throw new Error(`the owner's first sign-in gave no device cookie: ${describeAnswer(first)}`);
    }

    const attack = new Map<number, number>();
    let firstOddAnswer: string | undefined;
    let attacking = true;
    const spacingMs = (seconds * 1000) / guesses;
    const startedAt = performance.now();
    const attackDone = inParallel(
      Array.from({ length: guesses }, (_, i) => i),
      20,
      async (i) => {
        const due = startedAt + i * spacingMs;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const answer = await signIn(`wrong guess ${i}`, addressFor(50_000 + (i % addresses)));
        attack.set(answer.status, (attack.get(answer.status) ?? 0) + 1);
        if (answer.status !== 401 && answer.status !== 429) {
          firstOddAnswer ??= `guess ${i}: ${describeAnswer(answer)}`;
        }
      },
    ).finally(() => {
      attacking = false;
    });

    const ownerAnswers: Answer[] = [];
    let strangerWithPassword: Answer | undefined;
    while (attacking) {
      const answer = await signIn(owner.password, owner.ip, device);
      ownerAnswers.push(answer);
      device = deviceCookieOf(answer) ?? device;
      // Midway, someone without the device cookie but with the password: paused like any stranger.
      if (!strangerWithPassword && performance.now() - startedAt > (seconds * 1000) / 2) {
        strangerWithPassword = await signIn(owner.password, addressFor(60_000));
      }
      await sleep(1000);
    }
    await attackDone;
    const elapsed = (performance.now() - startedAt) / 1000;

    const refused = ownerAnswers.filter((a) => a.status !== 200);
    const checked = attack.get(401) ?? 0;
    expectations.expect(
      ownerAnswers.length >= Math.floor(seconds / 2),
      () => `the owner signed in only ${ownerAnswers.length} times during the attack`,
    );
    expectations.expect(
      refused.length === 0,
      () =>
        `${refused.length} of the owner's ${ownerAnswers.length} sign-ins failed; first: ${describeAnswer(refused[0] as Answer)}`,
    );
    expectations.expect(
      checked <= UNKNOWN_CLIENT_ALLOWANCE,
      () =>
        `${checked} wrong passwords were checked (401); at most ${UNKNOWN_CLIENT_ALLOWANCE} may be`,
    );
    expectations.expect(
      firstOddAnswer === undefined,
      () => `an attack answer was neither 401 nor 429: ${firstOddAnswer}`,
    );
    expectations.expect(
      strangerWithPassword?.status === 429,
      () =>
        `a client without the device cookie signed in during the attack: ${strangerWithPassword ? describeAnswer(strangerWithPassword) : 'not tried'}`,
    );
    expectations.expect(
      server.exitReason() === undefined,
      () => `Tend exited (${server.exitReason()}) during the attack`,
    );
    return {
      part: 'lockout',
      database: database === 'postgres' ? 'PostgreSQL' : 'SQLite',
      figures: [
        ['wrong passwords sent', guesses],
        ['from addresses', addresses],
        ['answered 401 (checked)', checked],
        ['answered 429 (paused)', attack.get(429) ?? 0],
        ['owner sign-ins on their device', ownerAnswers.length],
        ['owner sign-ins that succeeded', ownerAnswers.length - refused.length],
        ['stranger with the password', strangerWithPassword?.status ?? 'not tried'],
        ['attack seconds', elapsed.toFixed(1)],
      ],
      failures: expectations.failures,
    };
  } finally {
    client.close();
    await server.stop();
  }
}
