import { afterEach, describe, expect, it } from 'vitest';
import { decimalSeparator, moneyText } from './format';
import { setLanguage } from './i18n';

// DESIGN "Money": an amount in the clinic's currency, written as the page's language writes money.
// Intl separates a symbol from the number with a no-break space; it is made plain here to read.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => setLanguage('en'));

describe('moneyText', () => {
  it.each([
    ['en', 55, 'EUR', '€55.00'],
    ['en', 1234.5, 'EUR', '€1,234.50'],
    ['en', 55, 'USD', '$55.00'],
    ['en', 5000, 'JPY', '¥5,000'],
    ['es', 55, 'EUR', '55,00 €'],
    ['es', 12345.5, 'EUR', '12.345,50 €'],
    ['es', 55, 'USD', '55,00 US$'],
    ['es', 5000, 'JPY', '5000 JPY'],
  ] as const)('writes %s %d %s as %s', async (language, amount, currency, expected) => {
    await setLanguage(language);
    expect(plain(moneyText(amount, currency))).toBe(expected);
  });

  it('follows a change of language', async () => {
    expect(plain(moneyText(80, 'EUR'))).toBe('€80.00');
    await setLanguage('es');
    expect(plain(moneyText(80, 'EUR'))).toBe('80,00 €');
  });
});

describe('decimalSeparator', () => {
  it('is the page language’s: a point in English, a comma in Spanish', async () => {
    expect(decimalSeparator()).toBe('.');
    await setLanguage('es');
    expect(decimalSeparator()).toBe(',');
  });
});
