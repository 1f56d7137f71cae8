import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import {
  SECOND_SLOT,
  bookedVisitScenario,
  type Scenario,
} from '../../../test/appointment-scenario.ts';

describe.each(testDialects())('payment, receipt and review on %s', (dialect) => {
  let s: Scenario;
  let visit: Appointment;
  beforeEach(async () => ({ s, visit } = await bookedVisitScenario(dialect)));
  afterEach(() => s.t.close());

  const accept = (id = visit._id) => s.call(s.doctor, 'POST', `/api/v1/appointments/${id}/accept`);
  const pay = (who: Parameters<Scenario['call']>[0], body: object, id = visit._id) =>
    s.call(who, 'POST', `/api/v1/appointments/${id}/payment`, body);
  async function completeVisit() {
    await accept();
    s.setNow('2027-03-22T08:40:00.000Z');
    const res = await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/complete`, {});
    expect(res.statusCode).toBe(200);
  }

  describe('POST /appointments/{id}/payment', () => {
    it('is its doctor’s, and gives consecutive receipt numbers', async () => {
      await accept();
      const body = { amount: 80, method: 'card' };
      const statuses = [];
      for (const [name, who] of s.callers()) {
        if (name !== 'its doctor') statuses.push((await pay(who, body)).statusCode);
      }
      expect(statuses).toEqual([401, 403, 403, 404]);
      const res = await pay(s.doctor, { amount: 79.5, method: 'card' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        paid: true,
        paidat: '2027-03-21T12:00:00.000Z',
        paidamount: 79.5,
        paymentmethod: 'card',
        receiptnumber: 'R-000001',
      });
      const second = await s.book(SECOND_SLOT, s.otherPatient);
      await accept(second._id);
      expect((await pay(s.doctor, body, second._id)).json().receiptnumber).toBe('R-000002');
    });

    it('refuses an unaccepted visit, a second payment and a paid visit’s cancellation with 409 in words', async () => {
      const unaccepted = await pay(s.doctor, { amount: 80, method: 'cash' });
      expect(unaccepted.statusCode).toBe(409);
      expect(unaccepted.json().error.message).toBe(
        'This appointment is requested; only an accepted or completed one can be paid.',
      );
      await accept();
      await pay(s.doctor, { amount: 80, method: 'cash' });
      const twice = await pay(s.doctor, { amount: 80, method: 'cash' });
      expect(twice.json().error).toEqual({
        code: 'already_paid',
        message: 'This appointment was already paid (receipt R-000001).',
      });
      const cancel = await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/cancel`, {
        reason: 'Changed my mind',
      });
      expect(cancel.statusCode).toBe(409);
    });

    it.each([
      [{ amount: 0, method: 'cash' }, 'amount'],
      [{ amount: 10.005, method: 'cash' }, 'amount'],
      [{ amount: 10, method: 'bitcoin' }, 'method'],
      [{ amount: '10', method: 'cash' }, 'amount'],
    ])('refuses %j in words', async (body, field) => {
      await accept();
      const res = await pay(s.doctor, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toEqual(expect.any(String));
      const after = await s.call(s.doctor, 'GET', `/api/v1/appointments/${visit._id}`);
      expect(after.json().paid).toBe(false);
    });
  });

  describe('GET /appointments/{id}/receipt', () => {
    it('is a PDF carrying the number, for its two people only, once paid', async () => {
      const url = `/api/v1/appointments/${visit._id}/receipt`;
      await accept();
      const unpaid = await s.call(s.patient, 'GET', url);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().error.code).toBe('not_paid');
      await pay(s.doctor, { amount: 80, method: 'insurance' });
      const statuses = [];
      for (const [, who] of s.callers()) statuses.push((await s.call(who, 'GET', url)).statusCode);
      expect(statuses).toEqual([401, 200, 404, 200, 404]);
      const res = await s.call(s.patient, 'GET', url);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe('inline; filename="receipt-R-000001.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1')).toContain('(Receipt R-000001)');
    });
  });

  describe('POST /appointments/{id}/review', () => {
    const review = { rating: 4, recommend: true, comment: 'Kind and thorough.' };
    const post = (who: Parameters<Scenario['call']>[0], body: object = review) =>
      s.call(who, 'POST', `/api/v1/appointments/${visit._id}/review`, body);

    it('is its patient’s, once, for a completed visit', async () => {
      expect((await post(s.patient)).json().error).toEqual({
        code: 'wrong_status',
        message: 'Only a completed appointment can be reviewed.',
      });
      await completeVisit();
      const statuses = [];
      for (const [name, who] of s.callers()) {
        if (name !== 'its patient') statuses.push((await post(who)).statusCode);
      }
      expect(statuses).toEqual([401, 404, 403, 403]);
      const res = await post(s.patient);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject(review);
      const again = await post(s.patient, { ...review, rating: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({
        code: 'already_reviewed',
        message: 'You have already reviewed this appointment.',
      });
      const shown = await s.call(s.doctor, 'GET', `/api/v1/appointments/${visit._id}`);
      expect(shown.json().review).toMatchObject({ rating: 4, recommend: true });
    });

    it.each([
      [{ rating: 6, recommend: true }, 'rating'],
      [{ rating: 2.5, recommend: true }, 'rating'],
      [{ rating: 3 }, 'recommend'],
      [{ rating: 3, recommend: false, comment: 'x'.repeat(2001) }, 'comment'],
    ])('refuses %j in words', async (body, field) => {
      await completeVisit();
      const res = await post(s.patient, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toEqual(expect.any(String));
    });
  });
});
