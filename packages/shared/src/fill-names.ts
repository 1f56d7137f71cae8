import type { Language } from './languages.ts';
import type { FillStatus } from './prescriptions.ts';

/**
 * One word for one fill (issue 46 item 2), in one place: the patient's card, the pharmacy's card,
 * the prescription's PDF, its notifications and emails all name a fill and count the refills left
 * with these, so that a patient and a pharmacist read the same. The first dispensing is the "First
 * fill"; each one after it a refill, counted against the refills the doctor allowed ("Refill 1 of
 * 2"). The words live here rather than in the web's and the API's i18next catalogs because both
 * need them and a second copy would drift (docs/decisions/055-one-word-for-one-fill.md).
 */
const WORDS = {
  en: {
    first: 'First fill',
    refill: (number: number, total: number) => `Refill ${number} of ${total}`,
    line: (name: string, status: string) => `${name}: ${status}`,
    status: {
      requested: 'Waiting for the pharmacy',
      preparing: 'Being prepared',
      ready: 'Ready for pickup',
      dispensed: 'Dispensed',
      refused: 'Refused by the pharmacy',
    },
  },
  es: {
    first: 'Primera dispensación',
    refill: (number: number, total: number) => `Reposición ${number} de ${total}`,
    line: (name: string, status: string) => `${name}: ${status}`,
    status: {
      requested: 'Esperando a la farmacia',
      preparing: 'En preparación',
      ready: 'Lista para recoger',
      dispensed: 'Dispensada',
      refused: 'Rechazada por la farmacia',
    },
  },
} as const satisfies Record<Language, unknown>;

/** The fill being worked on: the one with the highest number (the first fill, then each refill). */
export function currentFill<F extends { number: number }>(p: { fills: readonly F[] }): F | null {
  let latest: F | null = null;
  for (const fill of p.fills) if (!latest || fill.number > latest.number) latest = fill;
  return latest;
}

/**
 * Fill `number` of a prescription allowing `refills`: 1 is the "First fill", 2 "Refill 1 of
 * `refills`" and so on.
 */
export function fillName(number: number, refills: number, language: Language): string {
  const words = WORDS[language];
  return number <= 1 ? words.first : words.refill(number - 1, refills);
}

/** What a fill's status means, to the patient and the pharmacy alike ("Being prepared"). */
export const fillStatusName = (status: FillStatus, language: Language): string =>
  WORDS[language].status[status];

/** "Refill 1 of 2: Waiting for the pharmacy": a fill and where it is, as every screen says it. */
export function fillLine(
  fill: { number: number; status: FillStatus },
  refills: number,
  language: Language,
): string {
  return WORDS[language].line(
    fillName(fill.number, refills, language),
    fillStatusName(fill.status, language),
  );
}

/**
 * The refills that can still be asked for: those allowed, less each refill already asked for
 * (being prepared, ready or handed over) unless the pharmacy refused it — a refused fill is asked
 * for again, under the same number, by sending the prescription again. The first fill is not a
 * refill. A refill asked for and still waiting is no longer "left": the patient cannot ask for it
 * a second time.
 */
export function refillsLeft(
  refills: number,
  fills: readonly { number: number; status: FillStatus }[],
): number {
  const taken = new Set(
    fills.filter((f) => f.number > 1 && f.status !== 'refused').map((f) => f.number),
  );
  return Math.max(0, refills - taken.size);
}
