import { describe, expect, it } from 'vitest';
import type { DoctorCard } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import {
  FIRST_SLOT,
  SECOND_SLOT,
  appointmentScenario,
  type Scenario,
} from '../../../test/appointment-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

describe.each(testDialects())('the doctor directory on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  const cards = async (query = '') => {
    const res = await s.call(s.patient, 'GET', `/api/v1/doctors${query}`);
    expect(res.statusCode).toBe(200);
    return new Map((res.json().doctors as DoctorCard[]).map((d) => [d._id, d]));
  };

  /** Books, accepts, completes and reviews one visit at `start` as `who`. */
  async function reviewedVisit(
    start: string,
    who: Scenario['patient'],
    rating: number,
    recommend: boolean,
  ) {
    s.setNow('2027-03-21T12:00:00.000Z');
    const visit = await s.book(start, who);
    await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
    s.setNow('2027-03-22T09:00:00.000Z');
    await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/complete`, {});
    const res = await s.call(who, 'POST', `/api/v1/appointments/${visit._id}/review`, {
      rating,
      recommend,
      comment: '',
    });
    expect(res.statusCode).toBe(201);
  }

  it('shows a doctor without reviews or hours plainly, and the next free slot of one with hours', async () => {
    const all = await cards();
    expect(all.get(s.otherDoctor.id)).toMatchObject({
      rating: null,
      reviewcount: 0,
      recommendpercent: null,
      availabletoday: false,
      nextslot: null,
    });
    // Sunday noon: nothing today, Monday 09:00 in Berlin next.
    expect(all.get(s.doctor.id)).toMatchObject({
      specialty: 'Cardiology',
      consultationfee: 80,
      availabletoday: false,
      nextslot: FIRST_SLOT,
    });
  });

  it('is available today while a slot remains free today in the doctor’s zone', async () => {
    s.setNow('2027-03-22T07:00:00.000Z');
    expect((await cards()).get(s.doctor.id)).toMatchObject({
      availabletoday: true,
      nextslot: FIRST_SLOT,
    });
    await s.book(FIRST_SLOT);
    expect((await cards()).get(s.doctor.id)?.nextslot).toBe(SECOND_SLOT);
    s.setNow('2027-03-22T10:45:00.000Z');
    expect((await cards()).get(s.doctor.id)).toMatchObject({
      availabletoday: false,
      nextslot: '2027-03-23T08:00:00.000Z',
    });
  });

  it('averages the ratings and counts who recommends', async () => {
    await reviewedVisit(FIRST_SLOT, s.patient, 5, true);
    await reviewedVisit(SECOND_SLOT, s.otherPatient, 2, false);
    await reviewedVisit('2027-03-22T09:00:00.000Z', s.patient, 4, true);
    expect((await cards()).get(s.doctor.id)).toMatchObject({
      rating: 3.7,
      reviewcount: 3,
      recommendpercent: 67,
    });
  });

  it('filters by specialty as well as by q', async () => {
    await s.call(s.otherDoctor, 'PATCH', '/api/v1/me/update', { specialty: 'Dermatology' });
    expect([...(await cards('?specialty=cardio')).keys()]).toEqual([s.doctor.id]);
    expect([...(await cards('?specialty=derma&q=cardiology')).keys()]).toEqual([]);
    expect([...(await cards('?specialty=DERMATOLOGY')).keys()]).toEqual([s.otherDoctor.id]);
    const tooLong = await s.call(s.patient, 'GET', `/api/v1/doctors?specialty=${'x'.repeat(101)}`);
    expect(tooLong.json().error.fields.specialty).toBe('At most 100 characters.');
  });
});
