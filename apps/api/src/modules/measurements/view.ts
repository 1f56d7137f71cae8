import { CANONICAL_UNIT, type Measurement, type MeasurementKind, type Target } from '@tend/shared';
import type { MeasurementRow, TargetEnds, TargetRow } from './repo.ts';

export function valueOf(row: { kind: MeasurementKind; value: number; value2: number | null }) {
  return row.kind === 'bloodpressure'
    ? { systolic: row.value, diastolic: row.value2 ?? 0 }
    : row.value;
}

export function toMeasurement(row: MeasurementRow): Measurement {
  return {
    _id: row.id,
    patient: row.patient_id,
    kind: row.kind,
    value: valueOf(row),
    unit: CANONICAL_UNIT[row.kind],
    takenat: row.taken_at,
    note: row.note,
    recordedby:
      row.recorded_by && row.recorder_firstname !== null
        ? {
            _id: row.recorded_by,
            firstname: row.recorder_firstname,
            lastname: row.recorder_lastname ?? '',
            userType: row.recorder_type === 'doctor' ? 'doctor' : 'patient',
          }
        : null,
    createdAt: row.created_at,
  };
}

export function toTarget(row: TargetRow): Target {
  return {
    kind: row.kind,
    low: row.low,
    high: row.high,
    diastolic:
      row.kind === 'bloodpressure' ? { low: row.diastolic_low, high: row.diastolic_high } : null,
    unit: CANONICAL_UNIT[row.kind],
    doctor: { _id: row.doctor_id, firstname: row.doctor_firstname, lastname: row.doctor_lastname },
    updatedAt: row.updated_at,
  };
}

const between = (value: number, low: number | null, high: number | null) =>
  (low === null || value >= low) && (high === null || value <= high);

/**
 * Whether a stored reading lies inside a target's ends: for blood pressure both numbers, the
 * systolic (`value`) and the diastolic (`value2`), each inside its own range.
 */
export function withinTarget(
  reading: { value: number; value2: number | null },
  target: TargetEnds,
) {
  return (
    between(reading.value, target.low, target.high) &&
    (reading.value2 === null ||
      between(reading.value2, target.diastolic_low, target.diastolic_high))
  );
}
