import { describe, expect, it } from 'vitest';
import { formatDateText, parseDateText } from './date-text';

describe('parseDateText', () => {
  it('reads the wire form in either language', () => {
    expect(parseDateText('2027-01-05', 'en')).toBe('2027-01-05');
    expect(parseDateText(' 2027-1-5 ', 'es')).toBe('2027-01-05');
  });

  it('reads numbers in the order the language writes them', () => {
    expect(parseDateText('01/05/2027', 'en')).toBe('2027-01-05');
    expect(parseDateText('01/05/2027', 'es')).toBe('2027-05-01');
    expect(parseDateText('5.1.2027', 'es')).toBe('2027-01-05');
    expect(parseDateText('2027/01/05', 'es')).toBe('2027-01-05');
  });

  it('reads the day as the field shows it, month names in the language', () => {
    expect(parseDateText('January 5, 2027', 'en')).toBe('2027-01-05');
    expect(parseDateText('5 de enero de 2027', 'es')).toBe('2027-01-05');
    expect(parseDateText('17 sept 2027', 'es')).toBe('2027-09-17');
    expect(parseDateText('the 3rd of Feb 2028', 'en')).toBe('2028-02-03');
    expect(parseDateText('5 de Agosto 2027', 'es')).toBe('2027-08-05');
  });

  it('rejects days that do not exist and text that names no day', () => {
    expect(parseDateText('2027-02-29', 'en')).toBeNull();
    expect(parseDateText('31/04/2027', 'es')).toBeNull();
    expect(parseDateText('13/01/2027', 'en')).toBeNull();
    expect(parseDateText('1/5/27', 'en')).toBeNull();
    expect(parseDateText('January 2027', 'en')).toBeNull();
    expect(parseDateText('5 de enero de 2027', 'en')).toBeNull();
    expect(parseDateText('tomorrow', 'en')).toBeNull();
    expect(parseDateText('', 'es')).toBeNull();
  });

  it('reads back what it writes', () => {
    for (const language of ['en', 'es'] as const) {
      for (const day of ['2027-01-05', '2028-02-29', '1950-12-31']) {
        expect(parseDateText(formatDateText(day, language), language)).toBe(day);
      }
    }
  });
});

describe('formatDateText', () => {
  it('writes the day in the language', () => {
    expect(formatDateText('2027-01-05', 'en')).toBe('January 5, 2027');
    expect(formatDateText('2027-01-05', 'es')).toBe('5 de enero de 2027');
  });
});
