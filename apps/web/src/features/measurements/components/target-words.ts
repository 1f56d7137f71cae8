import {
  type MeasurementKind,
  type MeasurementSummary,
  type UnitSystem,
  displayUnit,
} from '@tend/shared';
import type { MeasurementsT } from '../i18n';
import { shownNumber, unitLabel } from './measurement-words';

type SummaryTarget = MeasurementSummary['kinds'][number]['targets'][number];
type Ends = { low: number | null; high: number | null };
/** A target's ends; blood pressure's `low`/`high` are the systolic's and `diastolic` the other's. */
type TargetRange = Ends & { diastolic?: Ends | null };

/** One pair of ends in words; `number` names which of blood pressure's numbers they bound. */
function endsInWords(
  t: MeasurementsT,
  ends: Ends,
  kind: MeasurementKind,
  system: UnitSystem,
  number: '' | 'Systolic' | 'Diastolic',
): string | null {
  const shown = displayUnit(kind, system);
  const unit = unitLabel(t, shown);
  const low = ends.low == null ? null : shownNumber(ends.low, shown);
  const high = ends.high == null ? null : shownNumber(ends.high, shown);
  if (low !== null && high !== null) return t(`target.between${number}`, { low, high, unit });
  if (high !== null) return t(`target.atMost${number}`, { high, unit });
  if (low !== null) return t(`target.atLeast${number}`, { low, unit });
  return null;
}

/**
 * "130 mmHg systolic or below and 85 mmHg diastolic or below", "70 to 140 mg/dL": a target's range
 * in the reader's units; a blood-pressure number left open is not mentioned.
 */
export function rangeInWords(
  t: MeasurementsT,
  target: TargetRange,
  kind: MeasurementKind,
  system: UnitSystem,
): string {
  if (kind !== 'bloodpressure') return endsInWords(t, target, kind, system, '') ?? '';
  const systolic = endsInWords(t, target, kind, system, 'Systolic');
  const diastolic = target.diastolic
    ? endsInWords(t, target.diastolic, kind, system, 'Diastolic')
    : null;
  if (systolic && diastolic) return t('target.both', { systolic, diastolic });
  return systolic ?? diastolic ?? '';
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
