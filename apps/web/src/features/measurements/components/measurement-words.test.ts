import type { Series } from '@tend/shared';
import { describe, expect, test } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import '../i18n';
import { previewRows } from './csv-preview';
import { readingInWords } from './measurement-words';
import { toReadingInput } from './record-form-values';
import { pointRange, seriesSummary } from './series-words';
import { rangeInWords } from './target-words';
import { errorsOf, initialValues, toBody } from './targets-form-values';

const t = i18n.getFixedT('en', 'measurements');

const point = (
  date: string,
  min: number,
  max: number,
  count: number,
  diastolic: Series['points'][number]['diastolic'] = null,
) => ({ at: `${date}T00:00:00.000Z`, date, min, max, mean: (min + max) / 2, count, diastolic });

const series = (kind: Series['kind'], points: Series['points']): Series => ({
  kind,
  unit: 'mm[Hg]',
  bucket: 'day',
  timezone: 'UTC',
  from: '2026-10-28T00:00:00.000Z',
  to: '2026-11-27T00:00:00.000Z',
  points,
});

describe('the words of a chart', () => {
  test('blood pressure: lowest and highest of each number, readings counted over the buckets', () => {
    const bp = series('bloodpressure', [
      point('2026-11-20', 118, 130, 2, { min: 76, max: 84, mean: 80 }),
      point('2026-11-25', 140, 152, 10, { min: 90, max: 96, mean: 93 }),
    ]);
    expect(seriesSummary(t, bp, '30 days', 'bloodpressure', 'metric')).toBe(
      '30 days: 12 readings, lowest 118/76, highest 152/96 mmHg.',
    );
    expect(pointRange(t, bp.points[0]!, 'bloodpressure', 'metric')).toBe('118/76 to 130/84');
  });

  test('no readings, one reading, and US units', () => {
    expect(seriesSummary(t, series('weight', []), '7 days', 'weight', 'us')).toBe(
      '7 days: no readings.',
    );
    const weight = series('weight', [point('2026-11-25', 80, 80, 1)]);
    expect(seriesSummary(t, weight, '7 days', 'weight', 'us')).toBe('7 days: 1 reading, 176.4 lb.');
    expect(readingInWords(t, 'temperature', 37, 'us')).toBe('98.6 °F');
    expect(readingInWords(t, 'bloodpressure', { systolic: 150, diastolic: 95 }, 'us')).toBe(
      '150/95 mmHg',
    );
  });
});

describe('a target in words', () => {
  test('either end or both, in the reader’s units', () => {
    expect(rangeInWords(t, { low: null, high: 140 }, 'bloodpressure', 'metric')).toBe(
      '140 mmHg systolic or below',
    );
    expect(rangeInWords(t, { low: 70, high: 140 }, 'glucose', 'us')).toBe('70 to 140 mg/dL');
    expect(rangeInWords(t, { low: 50, high: null }, 'weight', 'us')).toBe('110.2 lb or above');
  });

  test('blood pressure: a range for each number, a number left open unsaid', () => {
    const both = { low: 90, high: 130, diastolic: { low: 60, high: 85 } };
    expect(rangeInWords(t, both, 'bloodpressure', 'metric')).toBe(
      '90 to 130 mmHg systolic and 60 to 85 mmHg diastolic',
    );
    const diastolicOnly = { low: null, high: null, diastolic: { low: null, high: 90 } };
    expect(rangeInWords(t, diastolicOnly, 'bloodpressure', 'metric')).toBe(
      '90 mmHg diastolic or below',
    );
    const older = { low: null, high: 140, diastolic: { low: null, high: null } };
    expect(rangeInWords(t, older, 'bloodpressure', 'metric')).toBe('140 mmHg systolic or below');
  });
});

describe('the targets form', () => {
  const saved = (diastolic: { low: number | null; high: number | null } | null) => ({
    targets: [
      {
        kind: 'bloodpressure' as const,
        low: null,
        high: 140,
        diastolic,
        unit: 'mm[Hg]' as const,
        doctor: { _id: 'd', firstname: 'Ada', lastname: 'Lee' },
        updatedAt: '2026-11-21T12:00:00.000Z',
      },
    ],
  });

  test('sends blood pressure with its diastolic range, and without it when left empty', () => {
    const values = initialValues(saved({ low: 60, high: 90 }), 'metric');
    expect(values.diastolic).toEqual({ low: 60, high: 90 });
    expect(toBody(values, 'metric').body.targets).toEqual([
      { kind: 'bloodpressure', low: null, high: 140, diastolic: { low: 60, high: 90 } },
    ]);
    const older = initialValues(saved({ low: null, high: null }), 'metric');
    expect(toBody(older, 'metric').body.targets).toEqual([
      { kind: 'bloodpressure', low: null, high: 140 },
    ]);
    const diastolicOnly = {
      ...older,
      bloodpressure: { low: '', high: '' },
      diastolic: { low: '', high: 85 },
    };
    expect(toBody(diastolicOnly, 'metric').body.targets).toEqual([
      { kind: 'bloodpressure', low: null, high: null, diastolic: { low: null, high: 85 } },
    ]);
  });

  test('puts a diastolic end’s error on its own field', () => {
    expect(
      errorsOf(
        [
          ['targets.0.diastolic.high', 'The high end must be above the low end.'],
          ['targets.1.low', 'Target: too low'],
        ],
        ['bloodpressure', 'glucose'],
      ),
    ).toEqual({
      'diastolic.high': 'The high end must be above the low end.',
      'glucose.low': 'Target: too low',
    });
  });
});

describe('a reading as the form sends it', () => {
  const values = {
    kind: 'weight' as const,
    value: 165 as string | number,
    'value.systolic': '',
    'value.diastolic': '',
    takenat: '2026-11-02T08:30',
    note: '  after a walk ',
  };

  test('in the person’s unit, the time as an instant, the note trimmed', () => {
    const body = toReadingInput(values, 'us', null);
    expect(body).toMatchObject({ kind: 'weight', value: 165, unit: 'lb', note: 'after a walk' });
    expect(body.takenat).toBe(new Date('2026-11-02T08:30').toISOString());
    expect(body).not.toHaveProperty('patientId');
  });

  test('blood pressure as its two numbers; a doctor names the patient; an empty note is left out', () => {
    const body = toReadingInput(
      {
        ...values,
        kind: 'bloodpressure',
        'value.systolic': 150,
        'value.diastolic': '95',
        note: '',
      },
      'metric',
      'patient-1',
    );
    expect(body).toMatchObject({
      kind: 'bloodpressure',
      value: { systolic: 150, diastolic: 95 },
      unit: 'mm[Hg]',
      patientId: 'patient-1',
    });
    expect(body).not.toHaveProperty('note');
  });
});

describe('the preview of a CSV file', () => {
  test('skips the header and blank lines, and numbers rows by their line in the file', () => {
    const text =
      'takenat,kind,value,unit\r\n2026-11-02T08:30:00Z,bloodpressure,150/95,mm[Hg]\n\n2026-11-03T08:30:00Z,weight,80,kg,a note\n';
    expect(previewRows(text)).toEqual([
      {
        line: 2,
        takenat: '2026-11-02T08:30:00Z',
        kind: 'bloodpressure',
        value: '150/95',
        unit: 'mm[Hg]',
      },
      { line: 4, takenat: '2026-11-03T08:30:00Z', kind: 'weight', value: '80', unit: 'kg' },
    ]);
  });

  test('a file without a header starts at line 1', () => {
    expect(previewRows('2026-11-02T08:30:00Z,heartrate,72,/min')[0]?.line).toBe(1);
  });
});

describe('the words in Spanish', () => {
  test('decimal commas, Spanish units and plurals, a target in words', async () => {
    await i18n.changeLanguage('es');
    try {
      const es = i18n.getFixedT('es', 'measurements');
      expect(readingInWords(es, 'weight', 80.5, 'metric')).toBe('80,5 kg');
      expect(readingInWords(es, 'heartrate', 72, 'metric')).toBe('72 lpm');
      const weight = series('weight', [point('2026-11-25', 80, 80, 1)]);
      expect(seriesSummary(es, weight, '7 días', 'weight', 'us')).toBe(
        '7 días: 1 lectura, 176,4 lb.',
      );
      expect(rangeInWords(es, { low: 70, high: 140 }, 'glucose', 'us')).toBe(
        'entre 70 y 140 mg/dL',
      );
      const bp = { low: null, high: 140, diastolic: { low: null, high: 90 } };
      expect(rangeInWords(es, bp, 'bloodpressure', 'metric')).toBe(
        '140 mmHg de sistólica o menos y 90 mmHg de diastólica o menos',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
