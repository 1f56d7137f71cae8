import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, CaregiverArea, Prescription } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { BERLIN_WEEKDAYS } from '../../../test/appointment-scenario.ts';
import {
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import { multipartBody, pdf } from '../../../test/upload-files.ts';

/** Thursday 11 March 2027, 09:00 and 09:30 in Berlin: the doctor's free slots. */
const NINE = '2027-03-11T08:00:00.000Z';
const HALF_PAST_NINE = '2027-03-11T08:30:00.000Z';
const READING = { kind: 'heartrate', value: 72, unit: '/min', takenat: '2026-11-01T08:00:00Z' };

interface LogEvent {
  action: string;
  description: string;
  actor: { _id: string; firstname: string; userType: string } | null;
  onBehalfOf: { _id: string; firstname: string } | null;
}

/**
 * A caregiver acting in each shared area on the patient's existing routes, naming the patient
 * (DESIGN.md "Caregivers", issue 42): what they may do is the patient's own doing, logged in the
 * patient's access log under the caregiver's name; an area not given is refused in words.
 */
describe.each(testDialects())('a caregiver in each shared area on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  let ana: TestAccount;
  /** The patient (Zoë), cared for by Ana. */
  let zoe: TestAccount;

  beforeEach(async () => {
    ({ s, pharmacy } = await pharmacyScenario(dialect));
    zoe = s.patient;
    ana = await createAccount(s.t, 'patient', { firstname: 'Ana' });
    await s.callExpecting(200, s.doctor, 'PUT', '/api/v1/me/availability', BERLIN_WEEKDAYS);
  });
  afterEach(() => s.t.close());

  /** Zoë gives Ana these areas, and Ana accepts; the relation's id. */
  async function caring(areas: CaregiverArea[]): Promise<string> {
    const invited = await s.callExpecting(201, zoe, 'POST', '/api/v1/caregivers', {
      email: ana.email,
      areas,
    });
    const id = invited.json<{ _id: string }>()._id;
    await s.callExpecting(200, ana, 'POST', `/api/v1/caregivers/${id}/accept`, {});
    return id;
  }

  const forZoe = () => `patientId=${zoe.id}`;
  const accessLog = async () =>
    (await s.callExpecting(200, zoe, 'GET', '/api/v1/me/access-log?limit=100')).json<{
      events: LogEvent[];
    }>().events;
  const byAna = (events: LogEvent[], action: string) =>
    events.filter((e) => e.action === action && e.actor?._id === ana.id);

  it('books, moves and cancels the patient’s visit as theirs; the doctor is told of the patient', async () => {
    await caring(['appointments']);
    const booked = await s.call(ana, 'POST', '/api/v1/appointments', {
      doctorId: s.doctor.id,
      start: NINE,
      type: 'online',
      purpose: 'Review of blood pressure',
      patientId: zoe.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const visit = booked.json<Appointment>();
    expect(visit.patient._id).toBe(zoe.id);

    const list = await s.callExpecting(200, ana, 'GET', `/api/v1/appointments?${forZoe()}`);
    expect(list.json<{ appointments: Appointment[] }>().appointments.map((a) => a._id)).toEqual([
      visit._id,
    ]);
    await s.callExpecting(200, ana, 'GET', `/api/v1/appointments/${visit._id}?${forZoe()}`);
    // Ana's own list has none of it; without naming Zoë, Zoë's visit is nobody's to her.
    const own = await s.callExpecting(200, ana, 'GET', '/api/v1/appointments');
    expect(own.json<{ appointments: Appointment[] }>().appointments).toEqual([]);
    expect((await s.call(ana, 'GET', `/api/v1/appointments/${visit._id}`)).statusCode).toBe(404);

    const doctors = await s.callExpecting(200, s.doctor, 'GET', '/api/v1/notifications');
    const notice = doctors.json<{ notifications: { title: string; body: string }[] }>()
      .notifications[0];
    expect(notice?.title).toBe('New appointment request');
    expect(notice?.body).toMatch(/^Zoë /);
    expect(notice?.body).not.toContain('Ana');

    const moved = await s.call(ana, 'POST', `/api/v1/appointments/${visit._id}/reschedule`, {
      start: HALF_PAST_NINE,
      patientId: zoe.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>().start).toBe(HALF_PAST_NINE);
    const cancel = (body: object) =>
      s.call(ana, 'POST', `/api/v1/appointments/${visit._id}/cancel`, {
        reason: 'She is feeling better.',
        ...body,
      });
    expect((await cancel({})).statusCode).toBe(404);
    const cancelled = await cancel({ patientId: zoe.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Appointment>()).toMatchObject({
      status: 'cancelled',
      cancelledby: 'patient',
    });

    const events = await accessLog();
    expect(byAna(events, 'caregiver.appointments.changed')).toHaveLength(3);
    expect(byAna(events, 'caregiver.appointments.viewed')).toHaveLength(2);
    // "… by Ana for Zoë": the caregiver is the actor, the patient the one acted for.
    expect(byAna(events, 'caregiver.appointments.changed')[0]).toMatchObject({
      description: 'Booked, moved or cancelled an appointment for you, as your caregiver',
      actor: { firstname: 'Ana', userType: 'patient' },
      onBehalfOf: { _id: zoe.id, firstname: 'Zoë' },
    });
    // The relation's own steps are no look on the patient's behalf.
    const accepted = events.find((e) => e.action === 'caregiver.accepted');
    expect(accepted).toMatchObject({ actor: { _id: ana.id }, onBehalfOf: null });
  });

  it('refuses an area the patient did not give, in words, and a removed caregiver like a stranger', async () => {
    const id = await caring(['reports']);
    const booking = {
      doctorId: s.doctor.id,
      start: NINE,
      type: 'online',
      purpose: 'Check-up',
      patientId: zoe.id,
    };
    const refused = await s.call(ana, 'POST', '/api/v1/appointments', booking);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'area_not_shared',
      message: expect.stringContaining('not shared with you'),
    });
    for (const url of [
      `/api/v1/prescriptions?${forZoe()}`,
      `/api/v1/measurements?${forZoe()}`,
      `/api/v1/appointments?${forZoe()}`,
    ]) {
      expect((await s.call(ana, 'GET', url)).statusCode, url).toBe(403);
    }
    await s.callExpecting(204, zoe, 'DELETE', `/api/v1/caregivers/${id}`);
    const after = await s.call(ana, 'GET', `/api/v1/reports?${forZoe()}`);
    expect(after.statusCode).toBe(404);
    // The route's own 404, as for any patient naming a stranger (decision 047).
    expect(after.json().error).toMatchObject({
      code: 'not_found',
      fields: { patientId: expect.any(String) },
    });
    // Nothing was booked on Zoë's behalf.
    const zoes = await s.callExpecting(200, zoe, 'GET', '/api/v1/appointments');
    expect(zoes.json<{ appointments: Appointment[] }>().appointments).toEqual([]);
  });

  it('reads the prescriptions and their fills, sends one to a pharmacy and asks for a refill', async () => {
    await caring(['prescriptions']);
    const p = await s.prescribe();
    const at = `/api/v1/prescriptions/${p._id}`;
    const list = await s.callExpecting(200, ana, 'GET', `/api/v1/prescriptions?${forZoe()}`);
    expect(list.json<{ prescriptions: Prescription[] }>().prescriptions.map((x) => x._id)).toEqual([
      p._id,
    ]);
    expect((await s.call(ana, 'GET', at)).statusCode).toBe(404);
    await s.callExpecting(200, ana, 'GET', `${at}?${forZoe()}`);
    const printed = await s.callExpecting(200, ana, 'GET', `${at}/pdf?${forZoe()}`);
    expect(printed.headers['content-type']).toBe('application/pdf');

    const sent = await s.call(ana, 'POST', `${at}/send`, {
      pharmacyId: pharmacy.id,
      patientId: zoe.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await s.dispense(pharmacy, p._id);
    const seen = await s.callExpecting(200, ana, 'GET', `${at}?${forZoe()}`);
    expect(seen.json<Prescription>().fills.map((f) => f.status)).toEqual(['dispensed']);
    // A refill without naming Zoë is nobody's; naming her, the next fill is asked for.
    expect((await s.call(ana, 'POST', `${at}/refill`)).statusCode).toBe(404);
    const refill = await s.call(ana, 'POST', `${at}/refill?${forZoe()}`);
    expect(refill.statusCode, refill.body).toBe(200);
    expect(refill.json()).toMatchObject({ outcome: 'refill_requested' });

    const events = await accessLog();
    expect(byAna(events, 'caregiver.prescriptions.changed')).toHaveLength(2);
    expect(byAna(events, 'caregiver.prescriptions.viewed')).toHaveLength(4);
    // The caregiver's looks are the gate's events alone: no doctor-style look under Ana's name.
    expect(events.filter((e) => e.actor?._id === ana.id).map((e) => e.action)).not.toContain(
      'prescription.viewed',
    );
  });

  it('records a reading for the patient and sees the readings, the chart and the summary', async () => {
    await caring(['measurements']);
    const recorded = await s.call(ana, 'POST', '/api/v1/measurements', {
      ...READING,
      patientId: zoe.id,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const zoes = await s.callExpecting(200, zoe, 'GET', '/api/v1/measurements');
    expect(zoes.json<{ measurements: { _id: string }[] }>().measurements.map((m) => m._id)).toEqual(
      [recorded.json<{ _id: string }>()._id],
    );
    const list = await s.callExpecting(200, ana, 'GET', `/api/v1/measurements?${forZoe()}`);
    expect(list.json<{ measurements: unknown[] }>().measurements).toHaveLength(1);
    await s.callExpecting(
      200,
      ana,
      'GET',
      `/api/v1/measurements/series?kind=heartrate&${forZoe()}`,
    );
    await s.callExpecting(200, ana, 'GET', `/api/v1/measurements/summary?${forZoe()}`);
    // Ana's own readings stay empty: the reading is Zoë's.
    const own = await s.callExpecting(200, ana, 'GET', '/api/v1/measurements');
    expect(own.json<{ measurements: unknown[] }>().measurements).toEqual([]);

    const events = await accessLog();
    expect(byAna(events, 'caregiver.measurements.changed')).toHaveLength(1);
    expect(byAna(events, 'caregiver.measurements.viewed')).toHaveLength(3);
    expect(events.filter((e) => e.actor?._id === ana.id).map((e) => e.action)).not.toContain(
      'measurement.recorded',
    );
  });

  it('reads the medical reports and opens one, and may not delete it', async () => {
    await caring(['reports']);
    const form = multipartBody(
      { title: 'Blood test' },
      { filename: 'lab.pdf', contentType: 'application/pdf', data: pdf() },
    );
    const uploaded = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${zoe.accessToken}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const report = uploaded.json<{ _id: string }>()._id;

    const list = await s.callExpecting(200, ana, 'GET', `/api/v1/reports?${forZoe()}`);
    expect(list.json<{ reports: { _id: string }[] }>().reports.map((r) => r._id)).toEqual([report]);
    const file = await s.callExpecting(
      200,
      ana,
      'GET',
      `/api/v1/reports/${report}/file?${forZoe()}`,
    );
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await s.call(ana, 'GET', `/api/v1/reports/${report}/file`)).statusCode).toBe(404);
    expect((await s.call(ana, 'DELETE', `/api/v1/reports/${report}`)).statusCode).toBe(404);

    const events = await accessLog();
    expect(byAna(events, 'caregiver.reports.viewed').map((e) => e.description)).toEqual([
      'Looked at your medical reports, as your caregiver',
      'Looked at your medical reports, as your caregiver',
    ]);
    expect(events.filter((e) => e.actor?._id === ana.id).map((e) => e.action)).not.toContain(
      'report.viewed',
    );
  });

  it('refuses a change to doses without medications in words, as the invitation does', async () => {
    const id = await caring(['medications']);
    const res = await s.call(zoe, 'PATCH', `/api/v1/caregivers/${id}`, { areas: ['doses'] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Ticking doses needs seeing the medications too');
    const spanish = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/caregivers/${id}`,
      headers: { authorization: `Bearer ${zoe.accessToken}`, 'accept-language': 'es' },
      payload: { areas: ['doses', 'reports'] },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.body).not.toContain('Ticking doses');
  });

  it('never reaches what is not shared: messages, the access log, settings, care links', async () => {
    await caring([
      'medications',
      'doses',
      'appointments',
      'prescriptions',
      'measurements',
      'reports',
    ]);
    for (const url of [
      '/api/v1/me/access-log',
      '/api/v1/conversations',
      '/api/v1/care-links',
      '/api/v1/me/notification-settings',
      '/api/v1/me',
      '/api/v1/caregivers',
      '/api/v1/measurements/export.csv',
    ]) {
      const res = await s.call(ana, 'GET', `${url}?${forZoe()}`);
      // Refused as an unknown field, or answered with Ana's own: never Zoë's.
      expect(res.statusCode === 400 || !res.body.includes(zoe.id), `${url}: ${res.body}`).toBe(
        true,
      );
    }
  });
});
