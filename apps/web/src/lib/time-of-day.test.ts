import { afterEach, describe, expect, it } from 'vitest';
import '../components/i18n';
import { setLanguage } from '../i18n/i18n';
import { medicationAtTime } from './time-of-day';

// A dispensed prescription taken morning and night is two medications of one name: wherever they
// are listed, each is named with its time of day, so the two read apart (issue 46, item 9).

afterEach(() => setLanguage('en'));

const morning = { name: 'Amoxicillin', timefrequency: 'day' } as const;
const night = { name: 'Amoxicillin', timefrequency: 'night' } as const;

describe('medicationAtTime', () => {
  it('names each time of day of one medicine apart, in English', () => {
    expect(medicationAtTime(morning)).toBe('Amoxicillin · Day');
    expect(medicationAtTime(night)).toBe('Amoxicillin · Night');
    expect(medicationAtTime({ name: 'Ibuprofen', timefrequency: 'afternoon' })).toBe(
      'Ibuprofen · Afternoon',
    );
  });

  it('and in Spanish, following a change of language', async () => {
    await setLanguage('es');
    expect(medicationAtTime(morning)).toBe('Amoxicillin · Mañana');
    expect(medicationAtTime(night)).toBe('Amoxicillin · Noche');
  });

  it('keeps a name as typed (no escaping of & or <)', () => {
    expect(medicationAtTime({ name: 'A & B <1>', timefrequency: 'night' })).toBe(
      'A & B <1> · Night',
    );
  });
});
