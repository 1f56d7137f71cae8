import type { Language } from '@tend/shared';
import { LOCALES } from '../i18n/languages';

// What a person types into a date field (DateField), read in the page's language: the day as the
// field shows it ("January 5, 2027", "5 de enero de 2027"), the numbers as the language writes them
// (01/05/2027 in English, 05/01/2027 in Spanish) or the wire's own form (2027-01-05). The form's
// value stays YYYY-MM-DD whatever was typed.

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** Words a written date may hold besides its month: "5 de enero", "the 5th of January". */
const FILLER = new Set(['de', 'del', 'of', 'the', 'st', 'nd', 'rd', 'th']);

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const monthNames = new Map<Language, string[]>();

/** The twelve month names of `language`, lower case and without accents. */
function monthsOf(language: Language): string[] {
  let names = monthNames.get(language);
  if (!names) {
    const format = new Intl.DateTimeFormat(LOCALES[language], { month: 'long', timeZone: 'UTC' });
    names = Array.from({ length: 12 }, (_, month) =>
      plain(format.format(new Date(Date.UTC(2000, month, 1)))),
    );
    monthNames.set(language, names);
  }
  return names;
}

/** 'YYYY-MM-DD' when the day exists, else null. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The day `text` names, as 'YYYY-MM-DD', or null when it names none (or a day that does not exist,
 * such as 31 April). Years are written in full: "1/5/27" is not read as 2027.
 */
export function parseDateText(text: string, language: Language): string | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  const tokens = plain(trimmed).match(/\d+|\p{L}+/gu) ?? [];
  const numbers: string[] = [];
  let month: number | null = null;
  for (const token of tokens) {
    if (/^\d+$/.test(token)) numbers.push(token);
    else if (FILLER.has(token)) continue;
    else {
      // A month by its name or its first three letters or more ("ene", "sept").
      const found =
        token.length >= 3 ? monthsOf(language).findIndex((name) => name.startsWith(token)) : -1;
      if (found < 0 || month !== null) return null;
      month = found + 1;
    }
  }

  if (month !== null) {
    if (numbers.length !== 2) return null;
    const yearAt = numbers.findIndex((number) => number.length === 4);
    if (yearAt < 0) return null;
    const day = numbers[1 - yearAt] ?? '';
    return day.length <= 2 ? isoDay(Number(numbers[yearAt]), month, Number(day)) : null;
  }

  const [first = '', second = '', third = ''] = numbers;
  if (numbers.length !== 3) return null;
  // 2027/01/05 reads the same in every language.
  if (first.length === 4) return isoDay(Number(first), Number(second), Number(third));
  if (third.length !== 4 || first.length > 2 || second.length > 2) return null;
  return language === 'en'
    ? isoDay(Number(third), Number(first), Number(second))
    : isoDay(Number(third), Number(second), Number(first));
}

/** How a date field shows the day 'YYYY-MM-DD': "January 5, 2027", "5 de enero de 2027". */
export function formatDateText(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The first day of a calendar's week as the language's countries have it: 0 Sunday, 1 Monday. */
export const FIRST_DAY_OF_WEEK: Record<Language, 0 | 1> = { en: 0, es: 1 };

/** Whether the language writes the hours of the day from 1 to 12 with AM/PM, or from 0 to 23. */
export const TIME_FORMAT: Record<Language, '12h' | '24h'> = { en: '12h', es: '24h' };
