import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/helper.ts';
import { appointmentScenario, FIRST_SLOT } from '../../../test/appointment-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

describe.each(testDialects())('messaging through a booked visit on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  const open = (who = s.patient, withUserId = s.doctor.id) =>
    s.call(who, 'POST', '/api/v1/conversations', { withUserId });

  it('lets a patient and a doctor talk while a visit is requested, and not after it is cancelled', async () => {
    expect((await open()).statusCode).toBe(404);
    const visit = await s.book(FIRST_SLOT);

    const opened = await open(s.doctor, s.patient.id);
    expect(opened.statusCode).toBe(201);
    const id = opened.json<{ _id: string }>()._id;
    const url = `/api/v1/conversations/${id}/messages`;
    expect(
      (await s.call(s.patient, 'POST', url, { body: 'Shall I bring my ECG?' })).statusCode,
    ).toBe(201);
    // Another doctor's visit does not open a conversation with this one's patient.
    expect((await open(s.otherDoctor, s.patient.id)).statusCode).toBe(404);

    const cancelled = await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/cancel`, {
      reason: 'Feeling better',
    });
    expect(cancelled.statusCode).toBe(200);
    const refused = await s.call(s.doctor, 'POST', url, { body: 'Yes, please.' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('conversation_closed');
    const history = await s.call(s.doctor, 'GET', url);
    expect(history.json().messages).toHaveLength(1);
  });
});
