/**
 * The mixed workload of a person using Tend: sign in, list, add a medication, tick today's dose,
 * update the profile. Every write the server acknowledges goes into a ledger, checked against the
 * database afterwards: an acknowledged write that is not there is a lost write.
 */
import type { Person } from './accounts.ts';
import type { Answer, Call, Client } from './http.ts';
import type { Expectations, PartResult } from './report.ts';
import { halfWritten, type Store } from './store.ts';

export type Action = 'sign-in' | 'list' | 'create' | 'tick' | 'profile';

export interface Outcome {
  action: Action;
  answer: Answer;
  startedAt: number;
  endedAt: number;
}

interface PersonState {
  medications: string[];
  untickedMedications: string[];
  /** The last acknowledged city, and any sent since whose outcome is unknown (no answer, 5xx). */
  city: { acked: string | null; uncertain: string[] };
}

export class Ledger {
  readonly medications = new Map<string, string>();
  readonly ticks = new Map<string, string>();
  readonly cities = new Map<string, PersonState['city']>();

  get acknowledged(): number {
    let profiles = 0;
    for (const city of this.cities.values()) if (city.acked) profiles += 1;
    return this.medications.size + this.ticks.size + profiles;
  }

  /** Every acknowledged write that the database does not hold, described. */
  async lost(store: Store): Promise<string[]> {
    const medications = new Map(
      (
        await store.rows<{ id: string; name: string; note: string | null }>(
          'select id, name, note from medications',
        )
      ).map((row) => [row.id, row]),
    );
    const taken = new Set(
      (
        await store.rows<{ medication_id: string }>(
          'select medication_id from doses where taken = true',
        )
      ).map((row) => row.medication_id),
    );
    const cities = new Map(
      (await store.rows<{ id: string; city: string | null }>('select id, city from users')).map(
        (row) => [row.id, row.city],
      ),
    );
    const lost: string[] = [];
    for (const [id, name] of this.medications) {
      if (medications.get(id)?.name !== name)
        lost.push(`medication ${id} (created, 201) is missing`);
    }
    for (const [id, note] of this.ticks) {
      if (!taken.has(id) || medications.get(id)?.note !== note)
        lost.push(`dose of ${id} (ticked, 200) is missing`);
    }
    for (const [personId, city] of this.cities) {
      if (!city.acked) continue;
      const now = cities.get(personId) ?? null;
      if (now !== city.acked && !city.uncertain.includes(now ?? '')) {
        lost.push(
          `profile of ${personId}: city ${JSON.stringify(now)}, acknowledged ${JSON.stringify(city.acked)}`,
        );
      }
    }
    return lost;
  }
}

/** A small deterministic generator, so a run's sequence of actions can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

export interface Mix {
  /** Fractions, in order; the rest is listing. */
  create: number;
  tick: number;
  profile: number;
  signIn: number;
}

export const MIXED: Mix = { create: 0.15, tick: 0.15, profile: 0.1, signIn: 0.01 };
export const WRITES_ONLY: Mix = { create: 0.5, tick: 0.35, profile: 0.15, signIn: 0 };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * One virtual person: their requests one after another (so the last acknowledged profile update is
 * the one the database must hold) until `running()` turns false.
 */
export async function virtualPerson(
  client: Client,
  person: Person,
  index: number,
  {
    mix,
    ledger,
    running,
    onOutcome,
  }: { mix: Mix; ledger: Ledger; running: () => boolean; onOutcome: (o: Outcome) => void },
): Promise<void> {
  const next = random(index + 1);
  const state: PersonState = {
    medications: [],
    untickedMedications: [],
    city: { acked: null, uncertain: [] },
  };
  ledger.cities.set(person.id, state.city);
  let seq = 0;
  while (running()) {
    seq += 1;
    const r = next();
    let action: Action = 'list';
    let call: Call = {
      method: 'GET',
      path: '/api/v1/medications',
      token: person.token,
      ip: person.ip,
    };
    const name = `Chaos ${index}-${seq}`;
    const note = `ticked ${index}-${seq}`;
    const city = `City ${index}-${seq}`;
    const tickable = state.untickedMedications.at(-1);
    if (r < mix.create || (tickable === undefined && r < mix.create + mix.tick)) {
      action = 'create';
      call = { ...call, method: 'POST', body: { name, startdate: today(), timefrequency: 'day' } };
    } else if (r < mix.create + mix.tick && tickable) {
      action = 'tick';
      call = {
        ...call,
        method: 'PATCH',
        path: `/api/v1/medications/${tickable}`,
        body: { note, taken: true },
      };
    } else if (r < mix.create + mix.tick + mix.profile) {
      action = 'profile';
      call = { ...call, method: 'PATCH', path: '/api/v1/me/update', body: { city } };
    } else if (r < mix.create + mix.tick + mix.profile + mix.signIn) {
      action = 'sign-in';
      call = {
        method: 'POST',
        path: '/api/v1/auth/sign-in',
        body: { email: person.email, password: person.password },
        ip: person.ip,
      };
    }
    const startedAt = performance.now();
    const answer = await client.call(call);
    const endedAt = performance.now();
    const ok = answer.status >= 200 && answer.status < 300;
    const uncertain = answer.status === 0 || answer.status >= 500;
    if (action === 'create' && ok) {
      const id = (answer.body as { _id: string })._id;
      ledger.medications.set(id, name);
      state.medications.push(id);
      state.untickedMedications.push(id);
    } else if (action === 'tick' && tickable && (ok || !uncertain)) {
      // Acknowledged, or refused for good: either way this one is not ticked again.
      state.untickedMedications.pop();
      if (ok) ledger.ticks.set(tickable, note);
    } else if (action === 'profile') {
      if (ok) state.city.acked = city;
      if (ok) state.city.uncertain = [];
      else if (uncertain) state.city.uncertain.push(city);
    } else if (action === 'sign-in' && ok) {
      person.token = (answer.body as { accessToken: string }).accessToken;
    }
    onOutcome({ action, answer, startedAt, endedAt });
  }
}

/**
 * Every acknowledged write is in the database and none is half done: a miss for each that is not,
 * and the figures that say so.
 */
export async function checkWrites(
  ledger: Ledger,
  store: Store,
  expectations: Expectations,
): Promise<PartResult['figures']> {
  const lost = await ledger.lost(store);
  const broken = await halfWritten(store);
  expectations.expect(
    lost.length === 0,
    () => `${lost.length} acknowledged writes are missing; the first: ${lost[0]}`,
  );
  expectations.expect(broken.length === 0, () => `half-written: ${broken.join('; ')}`);
  return [
    ['acknowledged writes', ledger.acknowledged],
    ['lost writes', lost.length],
    ['half-written', broken.length],
  ];
}
