import type { Dialect } from '../src/db/database.ts';
import { callAs, createAccount, type TestAccount } from './accounts.ts';
import { createTestApp, type TestApp } from './helper.ts';

export type Call = (
  who: TestAccount | null,
  method: Parameters<typeof callAs>[2],
  url: string,
  payload?: object,
) => ReturnType<typeof callAs>;

export interface PeopleScenario {
  t: TestApp;
  /** Sets "now" for every rule that depends on it. */
  setNow(iso: string): void;
  /** A patient (Zoë), another patient, a doctor (Ана) and another doctor. */
  patient: TestAccount;
  otherPatient: TestAccount;
  doctor: TestAccount;
  otherDoctor: TestAccount;
  call: Call;
  /** Like call, for setting a scene: throws unless the answer has `status`. */
  callExpecting(status: number, ...request: Parameters<Call>): ReturnType<Call>;
  /** The five callers of DESIGN.md, for tables of who gets which status. */
  callers(): Array<[string, TestAccount | null]>;
}

/**
 * The four people of the module scenarios (appointments, reminders), on a fresh database with a
 * clock the test controls, starting at `startIso`.
 */
export async function peopleScenario(
  dialect: Dialect,
  startIso: string,
  env: Record<string, string> = {},
): Promise<PeopleScenario> {
  let now = new Date(startIso);
  const t = await createTestApp(dialect, env, { clock: () => now });
  const call: Call = (who, method, url, payload) => callAs(t, who, method, url, payload);
  const patient = await createAccount(t, 'patient', { firstname: 'Zoë' });
  const otherPatient = await createAccount(t, 'patient');
  const doctor = await createAccount(t, 'doctor', { firstname: 'Ана' });
  const otherDoctor = await createAccount(t, 'doctor');
  return {
    t,
    setNow: (iso) => {
      now = new Date(iso);
    },
    patient,
    otherPatient,
    doctor,
    otherDoctor,
    call,
    async callExpecting(status, ...request) {
      const res = await call(...request);
      if (res.statusCode !== status)
        throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
      return res;
    },
    callers: () => [
      ['anonymous', null],
      ['its patient', patient],
      ['another patient', otherPatient],
      ['its doctor', doctor],
      ['another doctor', otherDoctor],
    ],
  };
}
