import { describe, expect, it } from 'vitest';
import {
  CANONICAL_UNIT,
  KIND_UNITS,
  MEASUREMENT_KINDS,
  displayUnit,
  formatMeasurement,
  fromCanonical,
  measurementProblem,
  parseBloodPressure,
  parseUnit,
  storedCanonical,
  toCanonical,
} from './measurements.ts';
import { measurementCreateSchema, targetsUpdateSchema } from './measurements-api.ts';

describe('unit conversions', () => {
  it.each([
    ['lb', 150, 68.0388555],
    ['in', 70, 177.8],
    ['mmol/L', 5.5, 99.088],
    ['[degF]', 98.6, 37],
    ['[degF]', 32, 0],
  ] as const)('%s %d is %d canonical', (unit, value, canonical) => {
    expect(toCanonical(value, unit)).toBeCloseTo(canonical, 6);
    expect(fromCanonical(canonical, unit)).toBeCloseTo(value, 6);
  });

  it('round-trips every unit of every kind', () => {
    for (const kind of MEASUREMENT_KINDS) {
      for (const unit of KIND_UNITS[kind]) {
        for (const value of [0.5, 37.2, 98.6, 150, 1433]) {
          expect(fromCanonical(toCanonical(value, unit), unit)).toBeCloseTo(value, 9);
          expect(fromCanonical(storedCanonical(value, unit), unit)).toBeCloseTo(value, 2);
        }
      }
    }
  });

  it('shows US units for weight, height and temperature only', () => {
    expect(displayUnit('weight', 'us')).toBe('lb');
    expect(displayUnit('height', 'us')).toBe('in');
    expect(displayUnit('temperature', 'us')).toBe('[degF]');
    expect(displayUnit('glucose', 'us')).toBe('mg/dL');
    for (const kind of MEASUREMENT_KINDS)
      expect(displayUnit(kind, 'metric')).toBe(CANONICAL_UNIT[kind]);
  });

  it('formats a canonical value in the chosen unit', () => {
    expect(formatMeasurement(37, '[degF]')).toBe('98.6 °F');
    expect(formatMeasurement(68.0388555, 'lb')).toBe('150 lb');
  });

  it('reads typed unit names and blood pressure', () => {
    expect(parseUnit('LBS')).toBe('lb');
    expect(parseUnit('mmHg')).toBe('mm[Hg]');
    expect(parseUnit('stone')).toBeNull();
    expect(parseBloodPressure('150/95')).toEqual({ systolic: 150, diastolic: 95 });
    expect(parseBloodPressure('150-95')).toBeNull();
  });
});

describe('bounds of what a body can show', () => {
  it('accepts the edges and names the kind and range in the unit used beyond them', () => {
    expect(measurementProblem('weight', 0.3, 'kg')).toBeNull();
    expect(measurementProblem('weight', 650, 'kg')).toBeNull();
    expect(measurementProblem('weight', 1433, 'lb')).toBeNull();
    expect(measurementProblem('weight', 651, 'kg')).toBe('Weight must be between 0.3 and 650 kg.');
    expect(measurementProblem('weight', 1500, 'lb')).toBe(
      'Weight must be between 0.7 and 1433 lb.',
    );
    expect(measurementProblem('temperature', 120, '[degF]')).toBe(
      'Temperature must be between 77 and 113 °F.',
    );
    expect(measurementProblem('spo2', 101, '%')).toMatch(/between 40 and 100 %/);
    expect(measurementProblem('glucose', 0.5, 'mmol/L')).toMatch(/Blood glucose.*mmol\/L/);
  });

  it('checks blood pressure as two numbers, the lower below the upper', () => {
    expect(
      measurementProblem('bloodpressure', { systolic: 120, diastolic: 80 }, 'mm[Hg]'),
    ).toBeNull();
    expect(measurementProblem('bloodpressure', { systolic: 301, diastolic: 80 }, 'mm[Hg]')).toMatch(
      /Systolic.*40 and 300/,
    );
    expect(measurementProblem('bloodpressure', { systolic: 120, diastolic: 19 }, 'mm[Hg]')).toMatch(
      /Diastolic.*20 and 200/,
    );
    expect(measurementProblem('bloodpressure', { systolic: 90, diastolic: 90 }, 'mm[Hg]')).toMatch(
      /below the systolic/,
    );
    expect(measurementProblem('bloodpressure', 120, 'mm[Hg]')).toMatch(/systolic and a diastolic/);
  });

  it('refuses a unit of another kind', () => {
    expect(measurementProblem('weight', 70, 'cm')).toBe('Weight is measured in kg or lb.');
  });

  it('is part of the request schema, with the words on the value field', () => {
    const result = measurementCreateSchema.safeParse({
      kind: 'heartrate',
      value: 400,
      unit: '/min',
      takenat: '2026-01-01T08:00:00Z',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['value']);
    expect(result.error?.issues[0]?.message).toBe(
      'Heart rate must be between 20 and 300 beats/min.',
    );
    const future = measurementCreateSchema.safeParse({
      kind: 'heartrate',
      value: 70,
      unit: '/min',
      takenat: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.error?.issues[0]?.message).toBe('A reading cannot be in the future.');
  });

  it('checks targets: an end at least, low below high, inside the bounds, one per kind', () => {
    expect(
      targetsUpdateSchema.safeParse({ targets: [{ kind: 'glucose', high: 180 }] }).success,
    ).toBe(true);
    expect(targetsUpdateSchema.safeParse({ targets: [{ kind: 'glucose' }] }).success).toBe(false);
    expect(
      targetsUpdateSchema.safeParse({ targets: [{ kind: 'heartrate', low: 100, high: 60 }] })
        .success,
    ).toBe(false);
    expect(
      targetsUpdateSchema.safeParse({ targets: [{ kind: 'weight', high: 900 }] }).success,
    ).toBe(false);
    expect(
      targetsUpdateSchema.safeParse({
        targets: [
          { kind: 'weight', high: 90 },
          { kind: 'weight', low: 50 },
        ],
      }).success,
    ).toBe(false);
  });
});
