import {
  type MeasurementKind,
  type MeasurementSummary,
  type UnitSystem,
  displayUnit,
  UNIT_LABELS,
} from '@tend/shared';
import { shownNumber } from './measurement-words';

type SummaryTarget = MeasurementSummary['kinds'][number]['targets'][number];
type TargetRange = { low: number | null; high: number | null };

/** "130 mmHg or below", "70 to 140 mg/dL": a target's range in the reader's units. */
export function rangeInWords(
  target: TargetRange,
  kind: MeasurementKind,
  system: UnitSystem,
): string {
  const unit = displayUnit(kind, system);
  const label = UNIT_LABELS[unit];
  const low = target.low == null ? null : shownNumber(target.low, unit);
  const high = target.high == null ? null : shownNumber(target.high, unit);
  const systolic = kind === 'bloodpressure' ? ' systolic' : '';
  if (low !== null && high !== null) return `${low} to ${high} ${label}${systolic}`;
  if (high !== null) return `${high} ${label}${systolic} or below`;
  return `${low} ${label}${systolic} or above`;
}

/** One line per target on a tile: whose, the range, and whether the latest reading is inside it. */
export function targetsInWords(
  targets: readonly SummaryTarget[],
  kind: MeasurementKind,
  system: UnitSystem,
): string[] {
  return targets.map((target) => {
    const whose = `Dr. ${target.doctor.firstname} ${target.doctor.lastname}`.trim();
    const range = rangeInWords(target, kind, system);
    if (target.met === null) return `Target from ${whose}: ${range}.`;
    return target.met
      ? `Within the target from ${whose} (${range}).`
      : `Outside the target from ${whose} (${range}).`;
  });
}
