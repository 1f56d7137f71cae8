import { LIVE_REFRESH_HEADER, LIVE_REFRESH_VALUE } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import { bearer, type TestAccount } from '../../../test/accounts.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';
import { testDialects } from '../../../test/helper.ts';
import { prescriptionScenario, START } from '../../../test/prescription-scenario.ts';

const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();

// Decision 054: opening a doctor's page of a patient records a look every time; a refetch of an
// open page that a live event asked for (`X-Tend-Refresh: live`) records one at most once an hour
// per doctor and patient, counted from the latest look, however it was made.
describe.each(testDialects())("a live refresh's looks, on %s", (dialect) => {
  const s = freshForEachTest(async () => {
    const scenario = await prescriptionScenario(dialect);
    return { ...scenario, close: () => scenario.t.close() };
  });

  async function look(url: string, live: boolean, who: TestAccount = s.doctor): Promise<void> {
    const res = await s.t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(who), ...(live ? { [LIVE_REFRESH_HEADER]: LIVE_REFRESH_VALUE } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The looks of `action` (any, when null) recorded at the patient, as minutes after the start. */
  async function looks(action: string | null, subjectId = s.patient.id): Promise<number[]> {
    let query = s.t.db.kysely
      .selectFrom('audit_events')
      .select('created_at')
      .where('actor_id', '=', s.doctor.id)
      .where('subject_id', '=', subjectId);
    if (action !== null) query = query.where('action', '=', action as never);
    const rows = await query.orderBy('created_at').execute();
    return rows.map((r) => (Date.parse(String(r.created_at)) - Date.parse(START)) / 60_000);
  }

  const tracking = () => `/api/v1/trackmedications/${s.patient.id}`;

  it('opening records a look each time; live refreshes within the hour of the latest look record none, the first after it one', async () => {
    await look(tracking(), false);
    s.setNow(at(10));
    await look(tracking(), true);
    s.setNow(at(59));
    await look(tracking(), true);
    // An hour after the opening look: the live refresh records the hour's look.
    s.setNow(at(61));
    await look(tracking(), true);
    s.setNow(at(70));
    await look(tracking(), true);
    // The person opens the page again: recorded, and the next hour counts from it.
    s.setNow(at(90));
    await look(tracking(), false);
    s.setNow(at(125));
    await look(tracking(), true);
    s.setNow(at(151));
    await look(tracking(), true);
    expect(await looks('medications.viewed')).toEqual([0, 61, 90, 151]);
  });

  it('concurrent live refreshes of one patient record one look between them; each patient has an hour of their own', async () => {
    await s.callExpecting(201, s.otherPatient, 'POST', '/api/v1/care-links', {
      doctorId: s.doctor.id,
    });
    s.setNow(at(5));
    await Promise.all([look(tracking(), true), look(tracking(), true), look(tracking(), true)]);
    expect(await looks('medications.viewed')).toEqual([5]);
    // The list of patients refreshed live in the same hour: the tracking page's look was the hour's
    // for this patient; the other one on the list gets one look of the two refreshes.
    await Promise.all([look('/api/v1/patients', true), look('/api/v1/patients', true)]);
    expect(await looks('patients.listed')).toEqual([]);
    expect(await looks('patients.listed', s.otherPatient.id)).toEqual([5]);
    // An hour on, the list and the page together: one look between them, whichever came first.
    s.setNow(at(66));
    await Promise.all([look('/api/v1/patients', true), look(tracking(), true)]);
    expect(await looks(null)).toEqual([5, 66]);
    expect(await looks('patients.listed', s.otherPatient.id)).toEqual([5, 66]);
  });

  it('an answer a live refresh left in memory still records the look of a page opened', async () => {
    s.setNow(at(1));
    await look(tracking(), false);
    await look(tracking(), true);
    // Same minute: the kept answer is given again, and the opening's look is recorded again.
    await look(tracking(), false);
    expect(await looks('medications.viewed')).toEqual([1, 1]);
  });
});
