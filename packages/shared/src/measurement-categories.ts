import { roundTo } from './measurements.ts';

/**
 * Categories of a reading, each with a label in words and a tone the web app maps to a colour. Bands:
 * BMI by the WHO adult bands (with the obesity classes), blood pressure by the 2017 ACC/AHA guideline,
 * resting adult heart rate, and blood glucose without knowing whether the person fasted.
 */
export const CATEGORY_TONES = ['ok', 'caution', 'warning', 'danger'] as const;
export type CategoryTone = (typeof CATEGORY_TONES)[number];

export interface MeasurementCategory {
  /** Stable name for code and tests, e.g. "stage2". */
  code: string;
  /** What a person reads, e.g. "Stage 2 hypertension". */
  label: string;
  tone: CategoryTone;
}

const category = (code: string, label: string, tone: CategoryTone): MeasurementCategory => ({
  code,
  label,
  tone,
});

/** BMI from kilograms and centimetres, to one decimal as it is shown and banded. */
export function bmiOf(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100;
  return roundTo(weightKg / (metres * metres), 1);
}

/** BMI from the latest weight and height, or null without both. */
export function bmiFromLatest(
  weightKg: number | null | undefined,
  heightCm: number | null | undefined,
): number | null {
  if (weightKg == null || heightCm == null) return null;
  return bmiOf(weightKg, heightCm);
}

/** WHO adult bands: <18.5 · 18.5–24.9 · 25–29.9 · 30–34.9 (I) · 35–39.9 (II) · ≥40 (III). */
export function bmiCategory(bmi: number): MeasurementCategory {
  const b = roundTo(bmi, 1);
  if (b < 18.5) return category('underweight', 'Underweight', 'caution');
  if (b < 25) return category('normal', 'Normal weight', 'ok');
  if (b < 30) return category('overweight', 'Overweight', 'caution');
  if (b < 35) return category('obese1', 'Obese (class I)', 'warning');
  if (b < 40) return category('obese2', 'Obese (class II)', 'danger');
  return category('obese3', 'Obese (class III)', 'danger');
}

/**
 * 2017 ACC/AHA: the higher category of the two numbers wins. Crisis: above 180 and/or above 120;
 * Stage 2: ≥140 or ≥90; Stage 1: 130–139 or 80–89; Elevated: 120–129 with <80; Normal: <120 and <80.
 */
export function bloodPressureCategory(systolic: number, diastolic: number): MeasurementCategory {
  if (systolic > 180 || diastolic > 120) {
    return category('crisis', 'Hypertensive crisis', 'danger');
  }
  if (systolic >= 140 || diastolic >= 90) {
    return category('stage2', 'Stage 2 hypertension', 'danger');
  }
  if (systolic >= 130 || diastolic >= 80) {
    return category('stage1', 'Stage 1 hypertension', 'warning');
  }
  if (systolic >= 120) return category('elevated', 'Elevated', 'caution');
  return category('normal', 'Normal', 'ok');
}

/** Resting adult heart rate: <60 low, 60–100 normal, >100 high. */
export function heartRateCategory(perMinute: number): MeasurementCategory {
  if (perMinute < 60) return category('low', 'Low', 'caution');
  if (perMinute <= 100) return category('normal', 'Normal', 'ok');
  return category('high', 'High', 'caution');
}

/** Blood glucose, fasting or not: <70 low, 70–139 in range, 140–199 high, ≥200 very high (mg/dL). */
export function glucoseCategory(mgPerDl: number): MeasurementCategory {
  if (mgPerDl < 70) return category('low', 'Low', 'warning');
  if (mgPerDl < 140) return category('inrange', 'In range', 'ok');
  if (mgPerDl < 200) return category('high', 'High', 'caution');
  return category('veryhigh', 'Very high', 'danger');
}

/** The category of a canonical reading, or null for kinds Tend does not band (weight, height, …). */
export function measurementCategory(
  kind: string,
  value: number | { systolic: number; diastolic: number },
): MeasurementCategory | null {
  if (kind === 'bloodpressure' && typeof value !== 'number') {
    return bloodPressureCategory(value.systolic, value.diastolic);
  }
  if (typeof value !== 'number') return null;
  if (kind === 'heartrate') return heartRateCategory(value);
  if (kind === 'glucose') return glucoseCategory(value);
  return null;
}
