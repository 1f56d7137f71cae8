import { type Medication } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';
import { testDialects } from '../../../test/helper.ts';
import { pharmacyScenario } from '../../../test/prescription-scenario.ts';
import { recordHeartRate } from '../../../test/readings.ts';

// Issue 46, item 1: the lists another person changes follow live. Who gets the `prescription`,
// `dose` and `reading` events, and that nobody else does. The prescription scenario: the patient
// shares with the doctor, not with the other doctor; Ana cares for her prescriptions, Luis for her
// medications; Birch is a pharmacy she never sends to, until she moves a prescription there.
describe.each(testDialects())('who the live events of lists reach, on %s', (dialect) => {
  const s = freshForEachTest(async () => {
    const scenario = await pharmacyScenario(dialect);
    const luis = await createAccount(scenario.s.t, 'patient', { firstname: 'Luis' });
    return { ...scenario, t: scenario.s.t, close: () => scenario.s.t.close(), luis };
  });

  async function caring(carer: TestAccount, areas: string[]): Promise<void> {
    const invited = await s.s.callExpecting(201, s.s.patient, 'POST', '/api/v1/caregivers', {
      email: carer.email,
      areas,
    });
    const id = invited.json<{ _id: string }>()._id;
    await s.s.callExpecting(200, carer, 'POST', `/api/v1/caregivers/${id}/accept`, {});
  }

  /** The events of one type, each as its recipient and its data, in the order published. */
  const eventsOf = async (type: 'prescription' | 'dose' | 'reading') =>
    (
      await s.t.db.kysely
        .selectFrom('events')
        .select(['user_id', 'data'])
        .where('type', '=', type)
        .orderBy('id')
        .execute()
    ).map((e) => ({ userId: e.user_id, data: JSON.parse(e.data) as Record<string, unknown> }));

  /** Who got the events whose data has `change` (and `prescriptionId`, when given), sorted. */
  const reachedBy = (
    events: Awaited<ReturnType<typeof eventsOf>>,
    match: Record<string, unknown>,
  ): string[] =>
    [
      ...new Set(
        events
          .filter((e) => Object.entries(match).every(([k, v]) => e.data[k] === v))
          .map((e) => e.userId),
      ),
    ].sort();

  it('a prescription written, sent, moved and filled reaches its patient, its doctor, its pharmacies and caregivers with prescriptions; ids and the change only', async () => {
    const { patient, doctor, otherDoctor, otherPatient: ana } = s.s;
    await caring(ana, ['prescriptions']);
    await caring(s.luis, ['medications']);
    const p = await s.s.prescribe();
    await s.s.callExpecting(200, patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
      pharmacyId: s.otherPharmacy.id,
    });
    // Moved to Álamo while its fill is still asked for: Birch's queue loses it.
    await s.s.callExpecting(200, patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
      pharmacyId: s.pharmacy.id,
    });
    await s.s.dispense(s.pharmacy, p._id);
    const events = await eventsOf('prescription');
    const team = [patient.id, doctor.id, ana.id];
    expect(reachedBy(events, { change: 'written' })).toEqual([...team].sort());
    expect(reachedBy(events, { change: 'sent' })).toEqual(
      [...team, s.pharmacy.id, s.otherPharmacy.id].sort(),
    );
    // Every step of the fill: preparing, ready, dispensed, each to the patient's side and Álamo.
    const fills = events.filter((e) => e.data.change === 'fill');
    expect(fills).toHaveLength(3 * 4);
    expect(reachedBy(fills, { prescriptionId: p._id })).toEqual([...team, s.pharmacy.id].sort());
    const everyone = events.map((e) => e.userId);
    expect(everyone).not.toContain(otherDoctor.id);
    expect(everyone).not.toContain(s.luis.id);
    for (const event of events) {
      expect(Object.keys(event.data).sort()).toEqual(['change', 'patientId', 'prescriptionId']);
      expect(event.data.patientId).toBe(patient.id);
    }
  });

  it("another patient's prescription reaches none of this patient's people", async () => {
    const { otherPatient } = s.s;
    await caring(s.luis, ['prescriptions']);
    await s.s.callExpecting(201, otherPatient, 'POST', '/api/v1/care-links', {
      doctorId: s.s.otherDoctor.id,
    });
    await s.s.prescribe({ patientId: otherPatient.id }, s.s.otherDoctor);
    expect(reachedBy(await eventsOf('prescription'), {})).toEqual(
      [otherPatient.id, s.s.otherDoctor.id].sort(),
    );
  });

  it('a dose ticked reaches the doctors the patient shares with, and no other doctor or patient', async () => {
    const { patient, doctor, otherDoctor, otherPatient } = s.s;
    const added = await s.s.callExpecting(201, patient, 'POST', '/api/v1/medications', {
      name: 'Metoprolol',
      startdate: '2027-03-01',
      timefrequency: 'day',
    });
    const med = added.json<Medication>();
    await s.s.callExpecting(200, patient, 'PATCH', `/api/v1/medications/${med._id}`, {
      taken: true,
    });
    const events = await eventsOf('dose');
    expect(events.map((e) => e.userId).sort()).toEqual([patient.id, doctor.id].sort());
    expect(events[0]?.data).toEqual({
      patientId: patient.id,
      medicationId: med._id,
      date: '2027-03-10',
      taken: true,
    });
    expect(events.map((e) => e.userId)).not.toContain(otherDoctor.id);
    expect(events.map((e) => e.userId)).not.toContain(otherPatient.id);
  });

  it('a reading recorded or deleted reaches the patient and the doctors she shares with, without its value', async () => {
    const { patient, doctor, otherDoctor, otherPatient } = s.s;
    const own = await recordHeartRate(s.t, patient, '2026-11-01T08:00:00.000Z', 72);
    // A doctor's reading for the patient, then deleted by them.
    const doctors = await s.s.callExpecting(201, doctor, 'POST', '/api/v1/measurements', {
      kind: 'heartrate',
      value: 150,
      unit: '/min',
      takenat: '2026-11-01T09:00:00.000Z',
      patientId: patient.id,
    });
    await s.s.callExpecting(
      204,
      doctor,
      'DELETE',
      `/api/v1/measurements/${doctors.json<{ _id: string }>()._id}`,
    );
    const events = await eventsOf('reading');
    const pair = [patient.id, doctor.id].sort();
    expect(reachedBy(events, { change: 'recorded' })).toEqual(pair);
    expect(reachedBy(events, { change: 'deleted' })).toEqual(pair);
    expect(events.filter((e) => e.data.change === 'recorded')).toHaveLength(2 * 2);
    for (const event of events) {
      expect(event.data).toEqual({ patientId: patient.id, change: event.data.change });
    }
    const everyone = events.map((e) => e.userId);
    expect(everyone).not.toContain(otherDoctor.id);
    expect(everyone).not.toContain(otherPatient.id);
    expect(own.value).toBe(72);
  });
});
