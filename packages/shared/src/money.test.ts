import { describe, expect, it } from 'vitest';
import { WHOLE_AMOUNT_ONLY, amountProblem, currencyDecimals, isCurrencyCode } from './money.ts';

describe('money', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
  ])('%s is written with %d decimals', (currency, decimals) => {
    expect(currencyDecimals(currency)).toBe(decimals);
  });

  it('takes cents in a currency that has them', () => {
    expect(amountProblem(79.5, 'EUR')).toBeNull();
    expect(amountProblem(80, 'EUR')).toBeNull();
  });

  it('takes whole amounts only in a currency without decimals', () => {
    expect(amountProblem(80, 'JPY')).toBeNull();
    expect(amountProblem(79.5, 'JPY')).toBe(WHOLE_AMOUNT_ONLY);
  });

  it('knows a currency code from a made-up one', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('EURO')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});
