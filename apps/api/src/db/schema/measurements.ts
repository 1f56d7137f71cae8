/**
 * Health measurements, the targets doctors set, and their rollups into series. Row types;
 * ../schema.ts assembles the Database from them.
 */
import type { MeasurementKind } from '@tend/shared';

export interface MeasurementsTable {
  id: string;
  patient_id: string;
  kind: MeasurementKind;
  /** Canonical unit; the systolic for blood pressure. */
  value: number;
  /** The diastolic for blood pressure; null otherwise. */
  value2: number | null;
  taken_at: string;
  note: string | null;
  recorded_by: string | null;
  created_at: string;
}

export interface MeasurementTargetsTable {
  patient_id: string;
  doctor_id: string;
  kind: MeasurementKind;
  /** For blood pressure these bound the systolic. */
  low: number | null;
  high: number | null;
  /** Blood pressure's diastolic bounds; null (unbounded) for every other kind and for older targets. */
  diastolic_low: number | null;
  diastolic_high: number | null;
  updated_at: string;
}

export interface MeasurementBreachNoticesTable {
  doctor_id: string;
  patient_id: string;
  kind: MeasurementKind;
  day: string;
  created_at: string;
}

export type RollupSpan = 'day' | 'week' | 'month';

/**
 * One patient's readings of one kind in one of their days, ISO weeks or months (migration 0021): what a
 * series sums instead of the readings. Kept in the transaction of every write to measurements.
 */
export interface MeasurementRollupsTable {
  patient_id: string;
  kind: MeasurementKind;
  span: RollupSpan;
  /** The span's first calendar day, cut in `measurement_rollup_zones.timezone`. */
  day: string;
  n: number;
  total: number;
  low: number;
  high: number;
  /** The diastolic's count, sum, min and max (blood pressure); 0, 0, null, null otherwise. */
  n2: number;
  total2: number;
  low2: number | null;
  high2: number | null;
}

/** The time zone a patient's `measurement_rollups` are cut in; absent until first needed. */
export interface MeasurementRollupZonesTable {
  patient_id: string;
  timezone: string;
}
