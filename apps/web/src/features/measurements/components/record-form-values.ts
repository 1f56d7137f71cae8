import type { MeasurementCreate, MeasurementKind, UnitSystem } from '@tend/shared';
import { displayUnit } from '@tend/shared';

/** What the form holds: numbers as NumberInput gives them, the time as a local datetime-local. */
export type RecordFormValues = {
  kind: MeasurementKind;
  value: string | number;
  'value.systolic': string | number;
  'value.diastolic': string | number;
  takenat: string;
  note: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Now on this device's clock, as a datetime-local input writes it ("2026-11-27T09:05"). */
export function localNow(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

export const emptyReading = (kind: MeasurementKind): RecordFormValues => ({
  kind,
  value: '',
  'value.systolic': '',
  'value.diastolic': '',
  takenat: localNow(),
  note: '',
});

const asNumber = (value: string | number): unknown =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/** A local datetime-local value → an instant with a zone; anything else is left for the schema. */
function toInstant(local: string): string {
  const at = new Date(local);
  return local === '' || Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/**
 * The body of POST /measurements, in the person's units (the server converts), for the form to check
 * with the schema the server uses.
 */
export function toReadingInput(
  values: RecordFormValues,
  system: UnitSystem,
  patientId: string | null,
): Record<string, unknown> {
  const value =
    values.kind === 'bloodpressure'
      ? {
          systolic: asNumber(values['value.systolic']),
          diastolic: asNumber(values['value.diastolic']),
        }
      : asNumber(values.value);
  const note = values.note.trim();
  const body: Partial<Record<keyof MeasurementCreate, unknown>> = {
    kind: values.kind,
    value,
    unit: displayUnit(values.kind, system),
    takenat: toInstant(values.takenat),
  };
  if (patientId) body.patientId = patientId;
  if (note !== '') body.note = note;
  return body;
}
