import { moneyFormatOptions } from '@tend/shared';
import { currentLanguage } from './i18n';
import { LOCALES } from './languages';

// Dates, times, numbers and lists through Intl in the page's language (DESIGN "Interop and
// reach"). Building a formatter costs far more than using one, so each is kept per locale and
// options. Call these while rendering (not at module level), so a change of language shows.

const cache = new Map<string, unknown>();

function kept<T>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = LOCALES[currentLanguage()];
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make(locale);
    cache.set(key, found);
  }
  return found;
}

/** The locale of the page's language ('en-US', 'es-ES'). */
export function currentLocale(): string {
  return LOCALES[currentLanguage()];
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept('date', options, (locale) => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept('number', options, (locale) => new Intl.NumberFormat(locale, options));
}

/**
 * An amount in the clinic's currency (every answer with a fee carries `currency`, DESIGN "Money")
 * as the page's language writes money: "€55.00" in English, "55,00 €" in Spanish, "¥5,000".
 * The one place the web writes money.
 */
export function moneyText(amount: number, currency: string): string {
  return numberFormat(moneyFormatOptions(currency)).format(amount);
}

/**
 * The page's language's decimal separator ("." in English, "," in Spanish), for number fields that
 * take an amount of money: "55,50" is how a Spanish person types it.
 */
export function decimalSeparator(): string {
  return (
    numberFormat()
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

export function listFormat(options: Intl.ListFormatOptions = {}): Intl.ListFormat {
  return kept('list', options, (locale) => new Intl.ListFormat(locale, options));
}
