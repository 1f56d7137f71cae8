import type { Appointment } from '@tend/shared';
import type { TestAccount } from './accounts.ts';
import { eventsAfter } from '../src/modules/events/repo.ts';
import { FIRST_SLOT, appointmentScenario, type Scenario } from './appointment-scenario.ts';
import type { Dialect } from '../src/db/database.ts';

/** FIRST_SLOT is 08:00–08:30 UTC: its room is open from 07:50 to 09:00. */
export const OPENS_AT = '2027-03-22T07:50:00.000Z';
export const CLOSES_AT = '2027-03-22T09:00:00.000Z';
export const DURING = '2027-03-22T08:10:00.000Z';

export interface VisitScenario extends Scenario {
  visit: Appointment;
  /** Each caller's status for one request, in the order of callers(). */
  statusesOf(method: 'GET' | 'POST', url: string, payload?: object): Promise<number[]>;
  /** The signal events stored for this person, oldest first, as their stream would send them. */
  signalsTo(who: TestAccount): Promise<unknown[]>;
  roomOf(who?: TestAccount): Promise<string>;
}

/** The appointment scenario with an accepted online visit at FIRST_SLOT; the clock is inside its window. */
export async function visitScenario(dialect: Dialect): Promise<VisitScenario> {
  const s = await appointmentScenario(dialect);
  const visit = await s.book(FIRST_SLOT, s.patient, 'online');
  const accepted = await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  s.setNow(DURING);
  return {
    ...s,
    visit,
    async statusesOf(method, url, payload) {
      const statuses: number[] = [];
      for (const [, who] of s.callers())
        statuses.push((await s.call(who, method, url, payload)).statusCode);
      return statuses;
    },
    async signalsTo(who) {
      const stored = await eventsAfter(s.t.db.kysely, who.id, 0, 1000);
      return stored.filter((e) => e.type === 'signal').map((e) => JSON.parse(e.data) as unknown);
    },
    async roomOf(who = s.patient) {
      const res = await s.call(who, 'GET', `/api/v1/appointments/${visit._id}/visit`);
      if (res.statusCode !== 200) throw new Error(`no room: ${res.body}`);
      return res.json<{ roomid: string }>().roomid;
    },
  };
}
