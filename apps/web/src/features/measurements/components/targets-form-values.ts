import {
  displayUnit,
  toCanonical,
  type MeasurementKind,
  type TargetList,
  type UnitSystem,
} from '@tend/shared';
import { shownValue } from './measurement-words';

// The targets form's values, its body and its errors: apart from the component, to be tested alone.

/** The kinds a doctor may set a target for (blood pressure's: a range for each of its numbers). */
export const TARGET_KINDS = [
  'bloodpressure',
  'heartrate',
  'glucose',
  'weight',
  'spo2',
  'temperature',
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/** Each range the form asks for: a kind's, blood pressure's being the systolic, and the diastolic. */
export type Range = TargetKind | 'diastolic';
export type Ends = { low: string | number; high: string | number };
export type Values = Record<Range, Ends>;
export type Errors = Partial<Record<`${Range}.${'low' | 'high'}`, string>>;

export function initialValues(saved: TargetList, system: UnitSystem): Values {
  const values = Object.fromEntries(
    [...TARGET_KINDS, 'diastolic'].map((range) => [range, { low: '', high: '' }]),
  ) as Values;
  for (const target of saved.targets) {
    if (!(TARGET_KINDS as readonly string[]).includes(target.kind)) continue;
    const unit = displayUnit(target.kind, system);
    const end = (v: number | null | undefined) => (v == null ? '' : shownValue(v, unit));
    values[target.kind as TargetKind] = { low: end(target.low), high: end(target.high) };
    if (target.diastolic) {
      values.diastolic = { low: end(target.diastolic.low), high: end(target.diastolic.high) };
    }
  }
  return values;
}

const blank = (v: string | number) => typeof v === 'string' && v.trim() === '';
const given = (ends: Ends) => !blank(ends.low) || !blank(ends.high);

/**
 * The body of PUT /patients/{id}/targets: the kinds with an end given, canonical; blood pressure's
 * diastolic only when one of its ends is given (left out, it is unbounded).
 */
export function toBody(values: Values, system: UnitSystem) {
  const kinds = TARGET_KINDS.filter(
    (kind) => given(values[kind]) || (kind === 'bloodpressure' && given(values.diastolic)),
  );
  const canonical = (kind: MeasurementKind, v: string | number) =>
    blank(v) ? null : toCanonical(Number(v), displayUnit(kind, system));
  const ends = (kind: MeasurementKind, range: Ends) => ({
    low: canonical(kind, range.low),
    high: canonical(kind, range.high),
  });
  return {
    kinds,
    body: {
      targets: kinds.map((kind) => ({
        kind,
        ...ends(kind, values[kind]),
        ...(kind === 'bloodpressure' && given(values.diastolic)
          ? { diastolic: ends(kind, values.diastolic) }
          : {}),
      })),
    },
  };
}

/**
 * "targets.2.high" → "glucose.high", "targets.0.diastolic.low" → "diastolic.low", by the order the
 * kinds were sent in.
 */
export function errorsOf(paths: [string, string][], kinds: readonly TargetKind[]): Errors {
  const errors: Errors = {};
  for (const [path, message] of paths) {
    const [, index, ...rest] = path.split('.');
    const kind = kinds[Number(index)];
    if (!kind) continue;
    const range: Range = rest[0] === 'diastolic' ? 'diastolic' : kind;
    const key = `${range}.${rest.at(-1) === 'high' ? 'high' : 'low'}` as const;
    errors[key] ??= message;
  }
  return errors;
}
