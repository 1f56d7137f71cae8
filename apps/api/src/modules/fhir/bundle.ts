import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { newId } from '../../lib/ids.ts';
import { toAppointment } from './appointments.ts';
import { toDocumentReference } from './documents.ts';
import { toMedicationRequest, toMedicationStatement, type TakenDays } from './medications.ts';
import { toBloodGroup, toObservation } from './observations.ts';
import { Practitioners, patientReference, toPatient, toRelatedPerson, urnOf } from './people.ts';
import type {
  AppointmentRow,
  MeasurementRow,
  CaregiverRow,
  PatientRow,
  PrescriptionRow,
  ReportRow,
} from './repo.ts';
import type { Selectable } from 'kysely';
import type { MedicationsTable } from '../../db/schema.ts';

type MedicationRow = Selectable<MedicationsTable>;

/** Everything read of one patient in the export's one transaction. */
export interface PatientRecord {
  patient: PatientRow;
  caregivers: CaregiverRow[];
  medications: MedicationRow[];
  takenDays: Map<string, TakenDays>;
  prescriptions: PrescriptionRow[];
  appointments: AppointmentRow[];
  measurements: MeasurementRow[];
  reports: ReportRow[];
  reportBytes: Map<string, Buffer>;
}

export interface BundleContext {
  now: Date;
  /** The patient's calendar day now: what is past, current or still to come. */
  today: string;
  fileUrl: (reportId: string) => string;
}

/**
 * The record's resources one at a time: the patient first, then what is about them, then the doctors
 * named on the way. Made lazily, so a record of 100 000 readings is never all objects at once.
 */
export function* recordResources(record: PatientRecord, context: BundleContext) {
  const { patient, now, today } = { ...record, ...context };
  const subject = patientReference(patient);
  const practitioners = new Practitioners();
  yield toPatient(patient);
  for (const m of record.medications) {
    yield toMedicationStatement(m, record.takenDays.get(m.id), subject, today);
  }
  for (const p of record.prescriptions) yield toMedicationRequest(p, subject, practitioners, now);
  const bloodGroup = toBloodGroup(patient, newId(), subject);
  if (bloodGroup) yield bloodGroup;
  for (const m of record.measurements) yield toObservation(m, subject, practitioners);
  for (const a of record.appointments) yield toAppointment(a, subject, practitioners);
  for (const r of record.reports) {
    const bytes = record.reportBytes.get(r.id);
    yield toDocumentReference(r, bytes, subject, practitioners, context.fileUrl);
  }
  for (const c of record.caregivers) yield toRelatedPerson(c, subject);
  yield* practitioners.all();
}

/** Entries written between two turns of the event loop: a few hundred kilobytes of JSON. */
const ENTRIES_PER_TURN = 500;

/**
 * The record as a FHIR R4 Bundle of type collection, written as JSON text a piece at a time. The
 * largest record is about 100 MB of it and two seconds of work: written whole, it would be held in
 * memory twice and keep every other request waiting meanwhile.
 */
export async function* recordBundleJson(
  record: PatientRecord,
  context: BundleContext,
): AsyncGenerator<string> {
  const head: Omit<Bundle, 'entry'> = {
    resourceType: 'Bundle',
    id: newId(),
    meta: { lastUpdated: context.now.toISOString() },
    type: 'collection',
    timestamp: context.now.toISOString(),
  };
  // The head's closing brace gives way to the entries.
  yield `${JSON.stringify(head).slice(0, -1)},"entry":[`;
  let piece: string[] = [];
  let first = true;
  for (const resource of recordResources(record, context)) {
    const entry = { fullUrl: urnOf(resource.id ?? newId()), resource } satisfies BundleEntry;
    piece.push(`${first ? '' : ','}${JSON.stringify(entry)}`);
    first = false;
    if (piece.length === ENTRIES_PER_TURN) {
      yield piece.join('');
      piece = [];
      await nextTurn();
    }
  }
  yield `${piece.join('')}]}`;
}
