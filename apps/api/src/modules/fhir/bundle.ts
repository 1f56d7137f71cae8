import type { Bundle, Resource } from '@medplum/fhirtypes';
import { newId } from '../../lib/ids.ts';
import { toAppointment } from './appointments.ts';
import { toDocumentReference } from './documents.ts';
import { toMedicationRequest, toMedicationStatement, type TakenDays } from './medications.ts';
import { toBloodGroup, toObservation } from './observations.ts';
import { Practitioners, patientReference, toPatient, urnOf } from './people.ts';
import type {
  AppointmentRow,
  MeasurementRow,
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

/** The record as a FHIR R4 Bundle of type collection: the patient first, then what is about them. */
export function recordBundle(record: PatientRecord, context: BundleContext): Bundle {
  const { patient, now, today } = { ...record, ...context };
  const subject = patientReference(patient);
  const practitioners = new Practitioners();
  const bloodGroup = toBloodGroup(patient, newId(), subject);
  const resources: Resource[] = [
    ...record.medications.map((m) =>
      toMedicationStatement(m, record.takenDays.get(m.id), subject, today),
    ),
    ...record.prescriptions.map((p) => toMedicationRequest(p, subject, practitioners, now)),
    ...(bloodGroup ? [bloodGroup] : []),
    ...record.measurements.map((m) => toObservation(m, subject, practitioners)),
    ...record.appointments.map((a) => toAppointment(a, subject, practitioners)),
    ...record.reports.map((r) =>
      toDocumentReference(r, record.reportBytes.get(r.id), subject, practitioners, context.fileUrl),
    ),
  ];
  const all: Resource[] = [toPatient(patient), ...practitioners.all(), ...resources];
  return {
    resourceType: 'Bundle',
    id: newId(),
    meta: { lastUpdated: now.toISOString() },
    type: 'collection',
    timestamp: now.toISOString(),
    entry: all.map((resource) => ({ fullUrl: urnOf(resource.id ?? newId()), resource })),
  };
}
