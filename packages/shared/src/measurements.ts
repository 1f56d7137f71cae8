/**
 * Health measurements (DESIGN.md "Health measurements"): the kinds, their canonical UCUM units, the other
 * units a person may type, conversions both ways and the bounds of what a body can show. Pure functions,
 * shared by the API (which stores and answers canonical values) and the web app (which shows a person's
 * chosen unit system).
 */

export const MEASUREMENT_KINDS = [
  'weight',
  'height',
  'bloodpressure',
  'heartrate',
  'glucose',
  'temperature',
  'spo2',
] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];

/**
 * Every unit Tend accepts, as the API reads and writes it (DESIGN.md): UCUM codes, except that pounds and
 * inches go by their everyday names; `UCUM_CODES` has the strict code of each for FHIR.
 */
export const MEASUREMENT_UNITS = [
  'kg',
  'lb',
  'cm',
  'in',
  'mm[Hg]',
  '/min',
  'mg/dL',
  'mmol/L',
  'Cel',
  '[degF]',
  '%',
] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** Short names people type (and the CSV import accepts) for the UCUM codes above. */
export const UNIT_ALIASES: Record<string, MeasurementUnit> = {
  kg: 'kg',
  lb: 'lb',
  lbs: 'lb',
  '[lb_av]': 'lb',
  cm: 'cm',
  in: 'in',
  '[in_i]': 'in',
  'mm[hg]': 'mm[Hg]',
  mmhg: 'mm[Hg]',
  '/min': '/min',
  bpm: '/min',
  'mg/dl': 'mg/dL',
  'mmol/l': 'mmol/L',
  cel: 'Cel',
  '°c': 'Cel',
  c: 'Cel',
  '[degf]': '[degF]',
  '°f': '[degF]',
  f: '[degF]',
  '%': '%',
};

/** The unit a typed name stands for (case-insensitive), or null. */
export function parseUnit(typed: string): MeasurementUnit | null {
  return UNIT_ALIASES[typed.trim().toLowerCase()] ?? null;
}

/** The strict UCUM code of each unit (FHIR Observation.valueQuantity.code). */
export const UCUM_CODES: Record<MeasurementUnit, string> = {
  kg: 'kg',
  lb: '[lb_av]',
  cm: 'cm',
  in: '[in_i]',
  'mm[Hg]': 'mm[Hg]',
  '/min': '/min',
  'mg/dL': 'mg/dL',
  'mmol/L': 'mmol/L',
  Cel: 'Cel',
  '[degF]': '[degF]',
  '%': '%',
};

/** The canonical (stored, answered) unit of each kind. */
export const CANONICAL_UNIT: Record<MeasurementKind, MeasurementUnit> = {
  weight: 'kg',
  height: 'cm',
  bloodpressure: 'mm[Hg]',
  heartrate: '/min',
  glucose: 'mg/dL',
  temperature: 'Cel',
  spo2: '%',
};

/** Units accepted for each kind; the first is canonical. */
export const KIND_UNITS: Record<MeasurementKind, readonly MeasurementUnit[]> = {
  weight: ['kg', 'lb'],
  height: ['cm', 'in'],
  bloodpressure: ['mm[Hg]'],
  heartrate: ['/min'],
  glucose: ['mg/dL', 'mmol/L'],
  temperature: ['Cel', '[degF]'],
  spo2: ['%'],
};

/** LOINC codes (DESIGN.md); blood pressure is a panel of systolic and diastolic. */
export const LOINC = {
  weight: '29463-7',
  height: '8302-2',
  bmi: '39156-5',
  bloodpressure: '85354-9',
  systolic: '8480-6',
  diastolic: '8462-4',
  heartrate: '8867-4',
  glucose: '2339-0',
  temperature: '8310-5',
  spo2: '59408-5',
} as const;

export const UNIT_SYSTEMS = ['metric', 'us'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The unit a kind is shown in for a unit system (glucose stays mg/dL in the US). */
export function displayUnit(kind: MeasurementKind, system: UnitSystem): MeasurementUnit {
  if (system === 'metric') return CANONICAL_UNIT[kind];
  switch (kind) {
    case 'weight':
      return 'lb';
    case 'height':
      return 'in';
    case 'temperature':
      return '[degF]';
    default:
      return CANONICAL_UNIT[kind];
  }
}

/** How a unit reads to a person. */
export const UNIT_LABELS: Record<MeasurementUnit, string> = {
  kg: 'kg',
  lb: 'lb',
  cm: 'cm',
  in: 'in',
  'mm[Hg]': 'mmHg',
  '/min': 'beats/min',
  'mg/dL': 'mg/dL',
  'mmol/L': 'mmol/L',
  Cel: '°C',
  '[degF]': '°F',
  '%': '%',
};

export const KIND_LABELS: Record<MeasurementKind, string> = {
  weight: 'Weight',
  height: 'Height',
  bloodpressure: 'Blood pressure',
  heartrate: 'Heart rate',
  glucose: 'Blood glucose',
  temperature: 'Temperature',
  spo2: 'Oxygen saturation (SpO2)',
};

export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;
/** mg/dL in one mmol/L of glucose (molar mass 180.16 g/mol). */
export const MGDL_PER_MMOLL = 18.016;

/** A value in `unit` → the canonical unit of its kind. `unit` must be one of the kind's units. */
export function toCanonical(value: number, unit: MeasurementUnit): number {
  switch (unit) {
    case 'lb':
      return value * KG_PER_LB;
    case 'in':
      return value * CM_PER_IN;
    case 'mmol/L':
      return value * MGDL_PER_MMOLL;
    case '[degF]':
      return ((value - 32) * 5) / 9;
    default:
      return value;
  }
}

/** A canonical value → `unit` (one of the same kind's units). */
export function fromCanonical(value: number, unit: MeasurementUnit): number {
  switch (unit) {
    case 'lb':
      return value / KG_PER_LB;
    case 'in':
      return value / CM_PER_IN;
    case 'mmol/L':
      return value / MGDL_PER_MMOLL;
    case '[degF]':
      return (value * 9) / 5 + 32;
    default:
      return value;
  }
}

/** Decimals worth showing in a unit (and to which stored canonical values are rounded). */
export const UNIT_DECIMALS: Record<MeasurementUnit, number> = {
  kg: 2,
  lb: 1,
  cm: 1,
  in: 1,
  'mm[Hg]': 0,
  '/min': 0,
  'mg/dL': 0,
  'mmol/L': 1,
  Cel: 1,
  '[degF]': 1,
  '%': 0,
};

/** Rounds to `decimals` places without binary noise (0.1 + 0.2 style). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor + Number.EPSILON * Math.sign(value)) / factor;
}

/** Canonical values are kept to four decimals: enough for any unit to round-trip what was typed. */
export function storedCanonical(value: number, unit: MeasurementUnit): number {
  return roundTo(toCanonical(value, unit), 4);
}

/** "72.5 kg", "98.6 °F": a canonical value shown in `unit`. */
export function formatMeasurement(canonical: number, unit: MeasurementUnit): string {
  const shown = roundTo(fromCanonical(canonical, unit), UNIT_DECIMALS[unit]);
  return `${shown} ${UNIT_LABELS[unit]}`;
}

/** What a body can show, per kind in canonical units (inclusive). Blood pressure bounds the systolic. */
export const MEASUREMENT_BOUNDS: Record<MeasurementKind, { min: number; max: number }> = {
  weight: { min: 0.3, max: 650 },
  height: { min: 20, max: 280 },
  bloodpressure: { min: 40, max: 300 },
  heartrate: { min: 20, max: 300 },
  glucose: { min: 10, max: 1500 },
  temperature: { min: 25, max: 45 },
  spo2: { min: 40, max: 100 },
};
export const DIASTOLIC_BOUNDS = { min: 20, max: 200 };

/** Tolerance for a bound typed in another unit (1433 lb is 649.998 kg, inside 650 kg). */
const SLACK = 1e-6;

function inBounds(canonical: number, bounds: { min: number; max: number }): boolean {
  return canonical >= bounds.min - SLACK && canonical <= bounds.max + SLACK;
}

function rangeIn(bounds: { min: number; max: number }, unit: MeasurementUnit): string {
  const decimals = Math.max(UNIT_DECIMALS[unit], 1);
  const low = roundTo(fromCanonical(bounds.min, unit), decimals);
  const high = roundTo(fromCanonical(bounds.max, unit), decimals);
  return `between ${low} and ${high} ${UNIT_LABELS[unit]}`;
}

/**
 * Why a reading cannot be true of a body, in words naming the kind and the range in the unit the person
 * used; null when it can. Blood pressure also needs the diastolic below the systolic.
 */
export function measurementProblem(
  kind: MeasurementKind,
  value: number | { systolic: number; diastolic: number },
  unit: MeasurementUnit,
): string | null {
  if (!KIND_UNITS[kind].includes(unit)) {
    const units = KIND_UNITS[kind].map((u) => UNIT_LABELS[u]).join(' or ');
    return `${KIND_LABELS[kind]} is measured in ${units}.`;
  }
  if (kind === 'bloodpressure') {
    if (typeof value === 'number') {
      return 'Blood pressure needs a systolic and a diastolic value, like 120/80.';
    }
    if (!inBounds(value.systolic, MEASUREMENT_BOUNDS.bloodpressure)) {
      return `Systolic blood pressure must be ${rangeIn(MEASUREMENT_BOUNDS.bloodpressure, unit)}.`;
    }
    if (!inBounds(value.diastolic, DIASTOLIC_BOUNDS)) {
      return `Diastolic blood pressure must be ${rangeIn(DIASTOLIC_BOUNDS, unit)}.`;
    }
    if (value.diastolic >= value.systolic) {
      return 'The diastolic (lower) blood pressure must be below the systolic (upper) one.';
    }
    return null;
  }
  if (typeof value !== 'number') {
    return `${KIND_LABELS[kind]} is one number.`;
  }
  if (!Number.isFinite(value) || !inBounds(toCanonical(value, unit), MEASUREMENT_BOUNDS[kind])) {
    return `${KIND_LABELS[kind]} must be ${rangeIn(MEASUREMENT_BOUNDS[kind], unit)}.`;
  }
  return null;
}

/** "150/95" → { systolic: 150, diastolic: 95 }, or null when it is not two numbers. */
export function parseBloodPressure(text: string): { systolic: number; diastolic: number } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  return { systolic: Number(match[1]), diastolic: Number(match[2]) };
}
