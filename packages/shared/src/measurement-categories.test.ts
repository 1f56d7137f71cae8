import { describe, expect, it } from 'vitest';
import {
  bloodPressureCategory,
  bmiCategory,
  bmiFromLatest,
  bmiOf,
  glucoseCategory,
  heartRateCategory,
  measurementCategory,
} from './measurement-categories.ts';

describe('BMI', () => {
  it('is weight over height squared, to one decimal', () => {
    expect(bmiOf(70, 175)).toBe(22.9);
    expect(bmiFromLatest(70, 175)).toBe(22.9);
  });

  it('is none without both a weight and a height', () => {
    expect(bmiFromLatest(70, null)).toBeNull();
    expect(bmiFromLatest(undefined, 175)).toBeNull();
    expect(bmiFromLatest(null, null)).toBeNull();
  });

  it.each([
    [18.4, 'underweight', 'caution'],
    [18.5, 'normal', 'ok'],
    [24.9, 'normal', 'ok'],
    [24.96, 'overweight', 'caution'],
    [25, 'overweight', 'caution'],
    [29.9, 'overweight', 'caution'],
    [30, 'obese1', 'warning'],
    [34.9, 'obese1', 'warning'],
    [35, 'obese2', 'danger'],
    [39.9, 'obese2', 'danger'],
    [40, 'obese3', 'danger'],
  ])('%d is %s (%s)', (bmi, code, tone) => {
    expect(bmiCategory(bmi)).toMatchObject({ code, tone });
  });
});

describe('blood pressure (2017 ACC/AHA)', () => {
  it.each([
    [119, 79, 'normal', 'Normal'],
    [120, 79, 'elevated', 'Elevated'],
    [129, 79, 'elevated', 'Elevated'],
    [130, 70, 'stage1', 'Stage 1 hypertension'],
    [139, 79, 'stage1', 'Stage 1 hypertension'],
    [110, 80, 'stage1', 'Stage 1 hypertension'],
    [125, 89, 'stage1', 'Stage 1 hypertension'],
    [140, 70, 'stage2', 'Stage 2 hypertension'],
    [118, 90, 'stage2', 'Stage 2 hypertension'],
    [180, 120, 'stage2', 'Stage 2 hypertension'],
    [181, 100, 'crisis', 'Hypertensive crisis'],
    [150, 121, 'crisis', 'Hypertensive crisis'],
  ])('%d/%d is %s', (systolic, diastolic, code, label) => {
    expect(bloodPressureCategory(systolic, diastolic)).toMatchObject({ code, label });
  });

  it('takes the higher category of the two numbers', () => {
    expect(bloodPressureCategory(122, 85).code).toBe('stage1');
    expect(bloodPressureCategory(135, 95).code).toBe('stage2');
  });
});

describe('heart rate (resting adult)', () => {
  it.each([
    [59, 'low'],
    [60, 'normal'],
    [100, 'normal'],
    [101, 'high'],
  ])('%d is %s', (bpm, code) => {
    expect(heartRateCategory(bpm).code).toBe(code);
  });
});

describe('glucose (mg/dL, fasting or not)', () => {
  it.each([
    [69, 'low', 'Low'],
    [70, 'inrange', 'In range'],
    [139, 'inrange', 'In range'],
    [140, 'high', 'High'],
    [199, 'high', 'High'],
    [200, 'veryhigh', 'Very high'],
  ])('%d is %s', (mg, code, label) => {
    expect(glucoseCategory(mg)).toMatchObject({ code, label });
  });
});

describe('measurementCategory', () => {
  it('bands the kinds it knows and leaves the others uncategorised', () => {
    expect(measurementCategory('bloodpressure', { systolic: 150, diastolic: 95 })?.code).toBe(
      'stage2',
    );
    expect(measurementCategory('heartrate', 72)?.code).toBe('normal');
    expect(measurementCategory('glucose', 250)?.code).toBe('veryhigh');
    expect(measurementCategory('weight', 70)).toBeNull();
    expect(measurementCategory('temperature', 37)).toBeNull();
  });
});
