import type { Appointment, AvailabilityInput } from '@tend/shared';
import type { TestAccount } from './accounts.ts';
import { peopleScenario, type PeopleScenario } from './people-scenario.ts';
import type { Dialect } from '../src/db/database.ts';

/** Sunday noon UTC before the week the scenario's doctor works; tests move it forward as they need. */
export const START_OF_TESTS = '2027-03-21T12:00:00.000Z';

/** Monday 2027-03-22 09:00 in Berlin (CET, UTC+1): the doctor's first slot of the week. */
export const FIRST_SLOT = '2027-03-22T08:00:00.000Z';
export const SECOND_SLOT = '2027-03-22T08:30:00.000Z';

export const BERLIN_WEEKDAYS: AvailabilityInput = {
  timezone: 'Europe/Berlin',
  slotminutes: 30,
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })),
  daysoff: [],
};

export interface Scenario extends PeopleScenario {
  /** Books a slot as `who` (the patient by default) and returns the appointment. */
  book(start: string, who?: TestAccount, type?: 'in_person' | 'online'): Promise<Appointment>;
}

/**
 * A patient, another patient, a doctor who works weekday mornings in Berlin (fee 80) and another
 * doctor, on a fresh database with a clock the test controls.
 */
export async function appointmentScenario(
  dialect: Dialect,
  /** Settings for the app (e.g. CLINIC_CURRENCY). */
  env: Record<string, string> = {},
): Promise<Scenario> {
  const s = await peopleScenario(dialect, START_OF_TESTS, env);
  const { patient, doctor } = s;
  await s.callExpecting(200, doctor, 'PATCH', '/api/v1/me/update', {
    specialty: 'Cardiology',
    location: 'Unter den Linden 1, Berlin',
    consultationfee: 80,
  });
  await s.callExpecting(200, doctor, 'PUT', '/api/v1/me/availability', BERLIN_WEEKDAYS);
  return {
    ...s,
    async book(start, who = patient, type = 'in_person') {
      const res = await s.callExpecting(201, who, 'POST', '/api/v1/appointments', {
        doctorId: doctor.id,
        start,
        type,
        purpose: 'Chest pain when climbing stairs',
      });
      return res.json<Appointment>();
    },
  };
}

/** The appointment scenario with one visit its patient has booked at FIRST_SLOT (requested). */
export async function bookedVisitScenario(dialect: Dialect) {
  const s = await appointmentScenario(dialect);
  return { s, visit: await s.book(FIRST_SLOT) };
}
