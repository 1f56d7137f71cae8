import { describe, expect, it } from 'vitest';
import type { Bundle } from '@medplum/fhirtypes';
import { recordBundleJson, type PatientRecord } from './bundle.ts';
import type { MeasurementRow, PatientRow } from './repo.ts';

const PATIENT_ID = '0190a1b2-0000-7000-8000-000000000001';

const patient: PatientRow = {
  id: PATIENT_ID,
  email: 'ana@example.org',
  firstname: 'Ana',
  lastname: 'Lima',
  dateofbirth: null,
  bloodgroup: null,
  number: null,
  address: null,
  city: null,
  state: null,
  postcode: null,
  country: null,
  timezone: 'UTC',
  dependent: false,
  updated_at: '2026-11-01T00:00:00.000Z',
};

const reading = (i: number): MeasurementRow => ({
  id: `0190a1b2-0000-7000-8000-${String(i + 2).padStart(12, '0')}`,
  patient_id: PATIENT_ID,
  kind: 'heartrate',
  value: 60 + (i % 40),
  value2: null,
  taken_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  note: null,
  recorded_by: PATIENT_ID,
  created_at: '2026-11-01T00:00:00.000Z',
  recorder_firstname: 'Ana',
  recorder_lastname: 'Lima',
  recorder_type: 'patient',
});

async function written(record: PatientRecord) {
  const pieces: string[] = [];
  const context = { now: new Date('2026-11-27T09:00:00Z'), today: '2026-11-27', fileUrl: String };
  for await (const piece of recordBundleJson(record, context)) pieces.push(piece);
  return { pieces, bundle: JSON.parse(pieces.join('')) as Bundle };
}

const empty: PatientRecord = {
  patient,
  caregivers: [],
  medications: [],
  takenDays: new Map(),
  prescriptions: [],
  appointments: [],
  measurements: [],
  reports: [],
  reportBytes: new Map(),
};

describe('the Bundle written a piece at a time', () => {
  it('is one JSON Bundle whatever the number of pieces', async () => {
    const { pieces, bundle } = await written({
      ...empty,
      measurements: Array.from({ length: 1201 }, (_, i) => reading(i)),
    });
    // The head, two full pieces of 500 entries, and the rest with the closing brackets.
    expect(pieces).toHaveLength(4);
    expect(bundle).toMatchObject({
      resourceType: 'Bundle',
      type: 'collection',
      timestamp: '2026-11-27T09:00:00.000Z',
    });
    expect(bundle.entry).toHaveLength(1202);
    expect(bundle.entry?.[0]?.resource).toMatchObject({ resourceType: 'Patient', id: PATIENT_ID });
    expect(bundle.entry?.at(-1)?.fullUrl).toBe(`urn:uuid:${reading(1200).id}`);
    expect(new Set(bundle.entry?.map((e) => e.fullUrl)).size).toBe(1202);
  });

  it('holds only the patient when there is nothing else', async () => {
    const { bundle } = await written(empty);
    expect(bundle.entry?.map((e) => e.resource?.resourceType)).toEqual(['Patient']);
  });
});
