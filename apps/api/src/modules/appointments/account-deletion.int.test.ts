import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/helper.ts';
import {
  FIRST_SLOT,
  SECOND_SLOT,
  appointmentScenario,
  type Scenario,
} from '../../../test/appointment-scenario.ts';

describe.each(testDialects())('deleting an account with appointments on %s', (dialect) => {
  let s: Scenario;
  beforeEach(async () => {
    s = await appointmentScenario(dialect);
    const visit = await s.book(FIRST_SLOT);
    await s.book(SECOND_SLOT, s.otherPatient);
    await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
    s.setNow('2027-03-22T08:40:00.000Z');
    await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/complete`, {});
    await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/payment`, {
      amount: 80,
      method: 'cash',
    });
    const review = await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/review`, {
      rating: 5,
      recommend: true,
    });
    expect(review.statusCode).toBe(201);
  });
  afterEach(() => s.t.close());

  const count = async (table: 'appointments' | 'appointment_reviews' | 'availability') =>
    (await s.t.db.kysely.selectFrom(table).selectAll().execute()).length;

  it('takes a patient’s visits and reviews with it; the doctor’s other visits stay', async () => {
    const res = await s.call(s.patient, 'DELETE', '/api/v1/me', { password: s.patient.password });
    expect(res.statusCode).toBe(204);
    expect(await count('appointment_reviews')).toBe(0);
    expect(await count('appointments')).toBe(1);
    const card = (await s.call(s.otherPatient, 'GET', '/api/v1/doctors')).json().doctors[0];
    expect(card).toMatchObject({ _id: s.doctor.id, reviewcount: 0, rating: null });
  });

  it('takes a doctor’s hours, visits and reviews with it', async () => {
    const res = await s.call(s.doctor, 'DELETE', '/api/v1/me', { password: s.doctor.password });
    expect(res.statusCode).toBe(204);
    expect([
      await count('appointments'),
      await count('appointment_reviews'),
      await count('availability'),
    ]).toEqual([0, 0, 0]);
    const list = await s.call(s.otherPatient, 'GET', '/api/v1/appointments');
    expect(list.json().appointments).toEqual([]);
  });
});
