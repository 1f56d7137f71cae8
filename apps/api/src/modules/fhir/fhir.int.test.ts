import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Appointment,
  Bundle,
  DocumentReference,
  MedicationRequest,
  MedicationStatement,
  Observation,
  Patient,
  RelatedPerson,
  Resource,
} from '@medplum/fhirtypes';
import type { Appointment as TendAppointment, Report } from '@tend/shared';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import {
  METFORMIN,
  prescriptionScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import { BERLIN_WEEKDAYS } from '../../../test/appointment-scenario.ts';
import { multipartBody, pdf, png } from '../../../test/upload-files.ts';
import { toDocumentReference } from './documents.ts';
import { Practitioners } from './people.ts';
import { reportBytes, reportsOf } from './repo.ts';
import { fhirIssues } from '../../../test/fhir-validator.ts';

/** Thursday 11 March 2027, 09:00 in Berlin: the doctor's first slot the day after the scenario starts. */
const VISIT = '2027-03-11T08:00:00.000Z';
const URL = '/api/v1/me/fhir';

const READINGS = [
  { kind: 'weight', value: 72.5, unit: 'kg' },
  { kind: 'height', value: 170, unit: 'cm' },
  { kind: 'bloodpressure', value: { systolic: 142, diastolic: 91 }, unit: 'mm[Hg]' },
  { kind: 'heartrate', value: 64, unit: '/min' },
  { kind: 'glucose', value: 5.5, unit: 'mmol/L' },
  { kind: 'temperature', value: 98.6, unit: '[degF]' },
  { kind: 'spo2', value: 97, unit: '%' },
];

const resourcesOf = <T extends Resource>(bundle: Bundle, type: T['resourceType']) =>
  (bundle.entry ?? []).flatMap((e) => (e.resource?.resourceType === type ? [e.resource as T] : []));

describe.each(testDialects())('FHIR export, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  let carer: TestAccount;
  let pdfBytes: Buffer;
  let pngBytes: Buffer;

  async function upload(who: TestAccount, fields: Record<string, string>, file: object) {
    const body = multipartBody(
      fields,
      file as { filename: string; contentType: string; data: Uint8Array },
    );
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${who.accessToken}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<Report>();
    const stored = await s.callExpecting(200, who, 'GET', `/api/v1/reports/${report._id}/file`);
    return stored.rawPayload;
  }

  beforeEach(async () => {
    s = await prescriptionScenario(dialect);
    const { patient, doctor } = s;
    const callExpecting = s.callExpecting.bind(s);
    pharmacy = await createAccount(s.t, 'pharmacy');
    await callExpecting(200, patient, 'PATCH', '/api/v1/me/update', {
      bloodgroup: 'AB',
      number: '+49 30 1234567',
      address: 'Torstraße 1',
      city: 'Berlin',
      postcode: '10119',
      country: 'Germany',
    });
    // A medication since Monday, ticked on Tuesday and today (Wednesday): 2 of 3 due days.
    s.setNow('2027-03-09T09:00:00.000Z');
    const med = await callExpecting(201, patient, 'POST', '/api/v1/medications', {
      name: 'Lisinopril',
      description: 'For blood pressure',
      dosage: '10 mg',
      note: 'With water',
      startdate: '2027-03-08',
      timefrequency: 'day',
    });
    const medId = med.json<{ _id: string }>()._id;
    await callExpecting(200, patient, 'PATCH', `/api/v1/medications/${medId}`, { taken: true });
    s.setNow('2027-03-10T12:00:00.000Z');
    await callExpecting(200, patient, 'PATCH', `/api/v1/medications/${medId}`, { taken: true });
    await s.prescribe();
    for (const reading of READINGS) {
      await callExpecting(201, patient, 'POST', '/api/v1/measurements', {
        ...reading,
        takenat: '2026-11-20T07:30:00Z',
      });
    }
    await callExpecting(201, doctor, 'POST', '/api/v1/measurements', {
      patientId: patient.id,
      kind: 'heartrate',
      value: 70,
      unit: '/min',
      takenat: '2026-11-20T11:00:00Z',
    });
    await callExpecting(200, doctor, 'PUT', '/api/v1/me/availability', BERLIN_WEEKDAYS);
    const visit = await callExpecting(201, patient, 'POST', '/api/v1/appointments', {
      doctorId: doctor.id,
      start: VISIT,
      type: 'online',
      purpose: 'Blood pressure check',
    });
    const visitId = visit.json<TendAppointment>()._id;
    await callExpecting(200, doctor, 'POST', `/api/v1/appointments/${visitId}/accept`);
    // The doctor's small picture first, then the patient's larger PDF: the newest is the larger.
    pngBytes = await upload(
      doctor,
      { title: 'ECG', patientId: patient.id },
      { filename: 'ecg.png', contentType: 'image/png', data: await png() },
    );
    pdfBytes = await upload(
      patient,
      { title: 'Blood test' },
      { filename: 'blood.pdf', contentType: 'application/pdf', data: pdf() },
    );
    // Ana helps with the medicines.
    carer = await createAccount(s.t, 'patient', { firstname: 'Ana' });
    const invited = await callExpecting(201, patient, 'POST', '/api/v1/caregivers', {
      email: carer.email,
      areas: ['medications', 'doses'],
    });
    await callExpecting(
      200,
      carer,
      'POST',
      `/api/v1/caregivers/${invited.json<{ _id: string }>()._id}/accept`,
      {},
    );
  });
  afterEach(async () => {
    await s.t.close();
  });

  const exportAs = async (who: TestAccount | null, query = '') =>
    s.call(who, 'GET', `${URL}${query}`);

  it('exports every kind of data as a Bundle a third-party validator accepts without errors', async () => {
    const res = await exportAs(s.patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tend-record-2027-03-10.json"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Up to about 100 MB, mostly repeated keys: compressed on the way like other JSON.
    const zipped = await s.t.app.inject({
      method: 'GET',
      url: URL,
      headers: { authorization: `Bearer ${s.patient.accessToken}`, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const bundle = res.json<Bundle>();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(fhirIssues(bundle).filter((i) => i.severity === 'error')).toEqual([]);
    for (const entry of bundle.entry ?? []) {
      expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource?.id ?? ''}`);
      // Each resource again, against its vital-signs profile where it names one.
      expect(fhirIssues(entry.resource!).filter((i) => i.severity === 'error')).toEqual([]);
    }

    const [patient] = resourcesOf<Patient>(bundle, 'Patient');
    expect(bundle.entry?.[0]?.resource).toBe(patient);
    expect(patient).toMatchObject({
      id: s.patient.id,
      name: [{ given: ['Zoë'] }],
      birthDate: '1990-05-17',
      address: [{ line: ['Torstraße 1'], city: 'Berlin', postalCode: '10119' }],
    });
    expect(resourcesOf(bundle, 'Practitioner').map((p) => p.id)).toEqual([s.doctor.id]);

    const [statement] = resourcesOf<MedicationStatement>(bundle, 'MedicationStatement');
    expect(statement).toMatchObject({
      status: 'active',
      medicationCodeableConcept: { text: 'Lisinopril' },
      effectivePeriod: { start: '2027-03-08' },
    });
    expect(statement?.note?.map((n) => n.text)).toContain(
      'Doses ticked as taken on 2 of 3 due days (67%) from 2027-03-08 to 2027-03-10; last ticked 2027-03-10.',
    );

    const [request] = resourcesOf<MedicationRequest>(bundle, 'MedicationRequest');
    expect(request).toMatchObject({
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Metformin 500 mg tablet' },
      requester: { reference: `urn:uuid:${s.doctor.id}` },
      dispenseRequest: { numberOfRepeatsAllowed: 2, quantity: { value: 60 } },
    });
    // The note for the pharmacist is not the patient's to read.
    expect(res.body).not.toContain(METFORMIN.note);

    const observations = resourcesOf<Observation>(bundle, 'Observation');
    const byCode = (code: string) =>
      observations.filter((o) => o.code.coding?.some((c) => c.code === code));
    const [bp] = byCode('85354-9');
    expect(bp?.meta?.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/bp']);
    expect(bp?.valueQuantity).toBeUndefined();
    expect(bp?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity])).toEqual([
      ['8480-6', { value: 142, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
      ['8462-4', { value: 91, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
    ]);
    expect(byCode('8310-5')[0]?.valueQuantity).toMatchObject({ value: 37, code: 'Cel' });
    expect(byCode('2339-0')[0]?.valueQuantity).toMatchObject({ code: 'mg/dL' });
    expect(byCode('2339-0')[0]?.category?.[0]?.coding?.[0]?.code).toBe('laboratory');
    expect(byCode('8867-4').map((o) => o.performer?.[0]?.reference)).toEqual([
      `urn:uuid:${s.patient.id}`,
      `urn:uuid:${s.doctor.id}`,
    ]);
    expect(byCode('883-9')[0]?.valueCodeableConcept).toEqual({ text: 'AB' });
    // Seven kinds, one more heart rate, and the blood group.
    expect(observations).toHaveLength(9);

    const [related] = resourcesOf<RelatedPerson>(bundle, 'RelatedPerson');
    expect(related).toMatchObject({
      patient: { reference: `urn:uuid:${s.patient.id}` },
      name: [{ given: ['Ana'] }],
      telecom: [{ system: 'email', value: carer.email }],
      relationship: [{ text: 'Caregiver in Tend (may see or do: medications, doses)' }],
    });

    const [appointment] = resourcesOf<Appointment>(bundle, 'Appointment');
    expect(appointment).toMatchObject({
      status: 'booked',
      start: VISIT,
      description: 'Blood pressure check',
      appointmentType: { text: 'Online consultation' },
    });

    const documents = resourcesOf<DocumentReference>(bundle, 'DocumentReference');
    const attachment = (title: string) =>
      documents.find((d) => d.description === title)?.content[0]?.attachment;
    expect(attachment('Blood test')?.contentType).toBe('application/pdf');
    expect(Buffer.from(attachment('Blood test')?.data ?? '', 'base64')).toEqual(pdfBytes);
    expect(Buffer.from(attachment('ECG')?.data ?? '', 'base64')).toEqual(pngBytes);
    expect(documents.find((d) => d.description === 'ECG')?.author?.[0]?.reference).toBe(
      `urn:uuid:${s.doctor.id}`,
    );
  });

  it('carries report bytes newest first up to the budget, and points at the rest', async () => {
    const reports = await reportsOf(s.t.db.kysely, s.patient.id);
    const [blood, ecg] = reports;
    expect(reports.map((r) => r.title)).toEqual(['Blood test', 'ECG']);
    expect(blood!.size).toBeGreaterThan(ecg!.size);
    const both = await reportBytes(s.t.db.kysely, reports, blood!.size + ecg!.size);
    expect([...both.keys()]).toEqual([blood!.id, ecg!.id]);
    const newestOnly = await reportBytes(s.t.db.kysely, reports, blood!.size + ecg!.size - 1);
    expect([...newestOnly.keys()]).toEqual([blood!.id]);
    expect(newestOnly.get(blood!.id)).toEqual(pdfBytes);
    // The newest does not fit; an older one that does is still carried.
    const olderOnly = await reportBytes(s.t.db.kysely, reports, blood!.size - 1);
    expect([...olderOnly.keys()]).toEqual([ecg!.id]);
    expect(olderOnly.get(ecg!.id)).toEqual(pngBytes);

    const document = toDocumentReference(
      ecg!,
      undefined,
      { reference: `urn:uuid:${s.patient.id}` },
      new Practitioners(),
      (id) => `https://tend.example/api/v1/reports/${id}/file`,
    );
    expect(document.content[0]?.attachment).toEqual({
      contentType: 'image/png',
      url: `https://tend.example/api/v1/reports/${ecg!.id}/file`,
      size: ecg!.size,
      title: 'ecg.png',
      creation: ecg!.created_at,
    });
    expect(fhirIssues(document).filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('answers each caller as the other patient routes do, and logs a doctor’s download', async () => {
    const { patient, otherPatient, doctor, otherDoctor } = s;
    const mine = `?patientId=${patient.id}`;
    expect((await exportAs(null)).statusCode).toBe(401);
    expect((await exportAs(patient, mine)).statusCode).toBe(200);
    expect((await exportAs(otherPatient, mine)).statusCode).toBe(404);
    expect((await exportAs(otherDoctor, mine)).statusCode).toBe(404);
    expect((await exportAs(doctor)).statusCode).toBe(400);
    expect((await exportAs(pharmacy, mine)).statusCode).toBe(403);
    // Another patient asking for nothing in particular gets their own record, not the owner's.
    const theirs = (await exportAs(otherPatient)).json<Bundle>();
    expect(resourcesOf<Patient>(theirs, 'Patient').map((p) => p.id)).toEqual([otherPatient.id]);
    expect(theirs.entry).toHaveLength(1);

    const log = async () =>
      (await s.callExpecting(200, patient, 'GET', '/api/v1/me/access-log'))
        .json<{ events: { action: string }[] }>()
        .events.filter((e) => e.action === 'record.exported');
    expect(await log()).toEqual([]);
    const res = await exportAs(doctor, mine);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json<Bundle>();
    expect(resourcesOf(bundle, 'Patient').map((p) => p.id)).toEqual([patient.id]);
    expect(resourcesOf(bundle, 'DocumentReference')).toHaveLength(2);
    expect(await log()).toMatchObject([
      {
        description: 'Downloaded your whole record (FHIR)',
        actor: { _id: doctor.id, userType: 'doctor' },
      },
    ]);

    // Once the patient stops sharing, the doctor is told there is no such patient.
    const links = await s.callExpecting(200, patient, 'GET', '/api/v1/care-links');
    const [link] = links.json<{ careLinks: { _id: string }[] }>().careLinks;
    await s.callExpecting(204, patient, 'DELETE', `/api/v1/care-links/${link?._id ?? ''}`);
    expect((await exportAs(doctor, mine)).statusCode).toBe(404);
  });

  it('gives the same export again until the record changes, and logs every download of a doctor', async () => {
    const { patient, doctor } = s;
    const weights = async (who: TestAccount, query = '') => {
      const res = await exportAs(who, query);
      expect(res.statusCode, res.body).toBe(200);
      return resourcesOf<Observation>(res.json<Bundle>(), 'Observation')
        .filter((o) => o.code?.coding?.some((c) => c.code === '29463-7'))
        .map((o) => o.valueQuantity?.value);
    };
    const first = await weights(patient);
    expect(await weights(patient)).toEqual(first);
    await s.callExpecting(201, patient, 'POST', '/api/v1/measurements', {
      kind: 'weight',
      value: 70.1,
      unit: 'kg',
      takenat: '2026-11-20T19:00:00Z',
    });
    expect((await weights(patient)).sort()).toEqual([...first, 70.1].sort());

    const exports = async () =>
      (
        await s.t.db.kysely
          .selectFrom('audit_events')
          .select('id')
          .where('action', '=', 'record.exported')
          .where('actor_id', '=', doctor.id)
          .execute()
      ).length;
    const before = await exports();
    await weights(doctor, `?patientId=${patient.id}`);
    await weights(doctor, `?patientId=${patient.id}`);
    expect(await exports()).toBe(before + 2);
  });
});
