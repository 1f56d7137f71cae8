import { z } from 'zod';

/**
 * Money (DESIGN "Money"): the clinic bills in one currency, an ISO 4217 code set by the operator
 * (CLINIC_CURRENCY, default EUR). Amounts are kept in hundredths without a currency, so every
 * answer that carries a fee or an amount carries `currency` beside it, and pages, receipts and
 * PDFs write it the way the reader's language does.
 */
export const DEFAULT_CURRENCY = 'EUR';

/** An ISO 4217 code as answers carry it: three capital letters ("EUR", "USD", "JPY"). */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/);

/** Whether `code` is a currency this runtime's Intl can write ("EUR" yes; "EURO", "XYZ" no). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/**
 * How an amount is written in `locale`: "€1,234.50" (en-US), "1234,50 €" (es-ES), "¥5,000" (JPY
 * has no minor unit). Intl chooses the symbol, its place and the decimals for the language.
 */
export function moneyFormatOptions(currency: string): Intl.NumberFormatOptions {
  return { style: 'currency', currency };
}

/** How many decimals an amount in `currency` is written with: 2 for EUR and USD, 0 for JPY. */
export function currencyDecimals(currency: string): number {
  const options = new Intl.NumberFormat('en', moneyFormatOptions(currency)).resolvedOptions();
  return options.maximumFractionDigits ?? 2;
}

export const WHOLE_AMOUNT_ONLY = 'Amounts in this currency have no decimals: enter a whole amount.';

/**
 * Why `amount` cannot be an amount of `currency`, or null. Amounts are kept in hundredths (at most
 * two decimals, which the request schemas check); a currency without a minor unit (JPY) takes
 * whole amounts only, or "¥55.50" would be kept and then written "¥56".
 */
export function amountProblem(amount: number, currency: string): string | null {
  return currencyDecimals(currency) === 0 && !Number.isInteger(amount) ? WHOLE_AMOUNT_ONLY : null;
}
