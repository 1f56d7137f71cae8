/**
 * two-instances: two Tend processes on one PostgreSQL database, as behind a load balancer. A
 * sign-out on one is refused on the other at once; wrong passwords and sign-ups count across both;
 * every way a session ends closes its live stream on the other within a second.
 */
import { addressFor, newPassword, register } from '../accounts.ts';
import { Client, describeAnswer, type Answer } from '../http.ts';
import { Expectations, type PartResult } from '../report.ts';
import { startTwoTends } from '../server.ts';
import { checkSessionsEndEverywhere } from './sessions-end-everywhere.ts';

/** Wrong passwords allowed per account before sign-in pauses (DESIGN.md: the sixth is refused). */
const WRONG_PASSWORDS_ALLOWED = 5;
/** Sign-ups allowed per address per hour. */
const SIGN_UPS_ALLOWED = 10;

export async function runTwoInstances(postgresAdminUrl: string): Promise<PartResult> {
  const [one, two] = await startTwoTends('two_instances', postgresAdminUrl, {
    TRUST_PROXY: 'true',
  });
  const a = new Client(one.baseUrl, 4);
  const b = new Client(two.baseUrl, 4);
  const expectations = new Expectations();
  try {
    // Sign-out on one, then the same token on the other.
    const person = await register(a, 'patient', 'two');
    const me = (client: Client) =>
      client.call({ method: 'GET', path: '/api/v1/me', token: person.token, ip: person.ip });
    const beforeSignOut = await me(b);
    const signOut = await a.call({
      method: 'POST',
      path: '/api/v1/auth/sign-out',
      token: person.token,
      ip: person.ip,
    });
    const afterSignOut = await me(b);
    expectations.expect(
      beforeSignOut.status === 200,
      () => `before sign-out, the other instance answered ${describeAnswer(beforeSignOut)}`,
    );
    expectations.expect(
      signOut.status === 204,
      () => `sign-out answered ${describeAnswer(signOut)}`,
    );
    expectations.expect(
      afterSignOut.status === 401,
      () => `right after sign-out on one, the other answered ${describeAnswer(afterSignOut)}`,
    );

    // Wrong passwords, alternating between the instances, each from another address.
    const target = await register(b, 'patient', 'two-locked');
    const attempts: Answer[] = [];
    for (let i = 0; i <= WRONG_PASSWORDS_ALLOWED; i++) {
      attempts.push(
        await (i % 2 === 0 ? a : b).call({
          method: 'POST',
          path: '/api/v1/auth/sign-in',
          body: { email: target.email, password: newPassword() },
          ip: addressFor(50_000 + i),
        }),
      );
    }
    const sequence = attempts.map((answer) => answer.status).join(' ');
    const sixth = attempts.at(-1);
    const refusedFirst = attempts
      .slice(0, WRONG_PASSWORDS_ALLOWED)
      .every((answer) => answer.status === 401);
    expectations.expect(
      refusedFirst,
      () => `the first ${WRONG_PASSWORDS_ALLOWED} wrong passwords answered ${sequence}`,
    );
    expectations.expect(
      sixth?.status === 429 && Boolean(sixth.retryAfter),
      () =>
        `the sixth wrong password (on the other instance) answered ${sixth ? describeAnswer(sixth) : 'nothing'}, expected 429 with Retry-After`,
    );

    // Sign-ups from one address, split between the instances.
    const address = addressFor(60_000);
    const signUps: number[] = [];
    for (let i = 0; i <= SIGN_UPS_ALLOWED; i++) {
      const answer = await (i % 2 === 0 ? a : b).call({
        method: 'POST',
        path: '/api/v1/auth/register',
        body: {
          email: `two-signup-${i}-${Date.now()}@chaos.example.org`,
          password: newPassword(),
          firstname: 'Two',
          lastname: 'Signup',
          userType: 'patient',
        },
        ip: address,
      });
      signUps.push(answer.status);
    }
    const signUpSequence = signUps.join(' ');
    expectations.expect(
      signUps.slice(0, SIGN_UPS_ALLOWED).every((s) => s === 201) && signUps.at(-1) === 429,
      () =>
        `${SIGN_UPS_ALLOWED + 1} sign-ups from one address over both instances answered ${signUpSequence}; expected ${SIGN_UPS_ALLOWED} × 201 then 429`,
    );
    // Every way a session ends, with a live stream open on the other instance (issue 40).
    const endings = await checkSessionsEndEverywhere(a, b, expectations);
    return {
      part: 'two-instances',
      database: 'PostgreSQL',
      figures: [
        ['other instance before sign-out', beforeSignOut.status],
        ['other instance after sign-out', afterSignOut.status],
        ['wrong passwords, alternating', sequence],
        ['sign-ups from one address', signUpSequence],
        ...endings,
      ],
      failures: expectations.failures,
    };
  } finally {
    a.close();
    b.close();
    await one.stop();
    await two.stop();
  }
}
