import {
  type MeasurementKind,
  type MeasurementSummary,
  type UnitSystem,
  displayUnit,
} from '@tend/shared';
import type { MeasurementsT } from '../i18n';
import { shownNumber, unitLabel } from './measurement-words';

type SummaryTarget = MeasurementSummary['kinds'][number]['targets'][number];
type TargetRange = { low: number | null; high: number | null };

/** "130 mmHg or below", "70 to 140 mg/dL": a target's range in the reader's units. */
export function rangeInWords(
  t: MeasurementsT,
  target: TargetRange,
  kind: MeasurementKind,
  system: UnitSystem,
): string {
  const shown = displayUnit(kind, system);
  const unit = unitLabel(t, shown);
  const low = target.low == null ? null : shownNumber(target.low, shown);
  const high = target.high == null ? null : shownNumber(target.high, shown);
  const systolic = kind === 'bloodpressure' ? 'Systolic' : '';
  if (low !== null && high !== null) return t(`target.between${systolic}`, { low, high, unit });
  if (high !== null) return t(`target.atMost${systolic}`, { high, unit });
  return t(`target.atLeast${systolic}`, { low, unit });
}

/** One line per target on a tile: whose, the range, and whether the latest reading is inside it. */
export function targetsInWords(
  t: MeasurementsT,
  targets: readonly SummaryTarget[],
  kind: MeasurementKind,
  system: UnitSystem,
): string[] {
  return targets.map((target) => {
    const doctor = t('target.doctor', {
      name: `${target.doctor.firstname} ${target.doctor.lastname}`.trim(),
    });
    const range = rangeInWords(t, target, kind, system);
    if (target.met === null) return t('target.from', { doctor, range });
    return target.met
      ? t('target.within', { doctor, range })
      : t('target.outside', { doctor, range });
  });
}
