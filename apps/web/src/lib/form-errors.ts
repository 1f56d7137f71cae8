import type { z } from 'zod';
import type { Language } from '@tend/shared';
import { currentLanguage, i18n } from '../i18n/i18n';
import { ApiRequestError } from './api-client';

// The shared schemas' messages are English (docs/decisions/033-spanish-messages.md); a page in
// Spanish shows them through the Spanish catalog, which is fetched only once a page is in Spanish
// (about 14 KB compressed that an English page never loads). The server's messages come already in
// the page's language (api-client sends Accept-Language) and pass unchanged; the web's own words
// for a failed request (api-error.ts: offline, an unreadable reply) are in the catalog too.
let translate: ((english: string, language: Language) => string) | undefined;
let loading: Promise<void> | undefined;

/** Fetches the Spanish messages (once); a page in Spanish does so as soon as this file loads. */
export function loadMessageCatalog(): Promise<void> {
  loading ??= import('@tend/shared/messages-es').then(
    (catalog) => {
      translate = catalog.translateMessage;
    },
    () => {
      // Offline before the catalog was cached: English messages until the next try.
      loading = undefined;
    },
  );
  return loading;
}

if (currentLanguage() === 'es') void loadMessageCatalog();
i18n.on('languageChanged', (language: string) => {
  if (language === 'es') void loadMessageCatalog();
});

/** A message of the shared schemas in the page's language (English until the catalog is in). */
export function inPageLanguage(english: string): string {
  const language = currentLanguage();
  return language === 'en' || !translate ? english : translate(english, language);
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * The field a message about `path` (dotted: "dose.timesofday.0") belongs to: the longest leading
 * part of it that a form names as a field ("dose.timesofday"), so a form may hold nested values
 * under dotted names; otherwise its first part, as flat forms name their fields.
 */
function fieldOf(path: readonly PropertyKey[], knownFields: readonly string[]): string | null {
  for (let length = path.length; length > 1; length--) {
    const key = path.slice(0, length).map(String).join('.');
    if (knownFields.includes(key)) return key;
  }
  return typeof path[0] === 'string' ? path[0] : null;
}

/** The first message for each field of a failed zod parse (see fieldOf for nested values). */
export function zodFieldErrors(
  error: z.ZodError,
  knownFields: readonly string[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldOf(issue.path, knownFields);
    if (key !== null && !errors[key]) errors[key] = inPageLanguage(issue.message);
  }
  return errors;
}

/**
 * Splits a failed request into messages for known fields and one message for the alert: the
 * server's general message, unless every problem it named sits on a field the form shows.
 */
export function splitRequestError<K extends string>(
  error: unknown,
  knownFields: readonly K[],
): { fields: FieldErrors<K>; alert: string | null } {
  if (!(error instanceof ApiRequestError)) {
    return { fields: {}, alert: inPageLanguage('Something went wrong. Please try again.') };
  }
  const fields: FieldErrors<K> = {};
  let unplaced = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const key = fieldOf(path.split('.'), knownFields);
    if (key !== null && (knownFields as readonly string[]).includes(key))
      fields[key as K] ??= inPageLanguage(message);
    else unplaced = true;
  }
  const placedAll = Object.keys(fields).length > 0 && !unplaced;
  return { fields, alert: placedAll ? null : inPageLanguage(error.message) };
}

/** Moves focus to the first field of a form that is marked invalid, so the error is heard. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // The first that takes focus: a time field (TimeField) is marked invalid on its frame as well as
  // on its hour and minute boxes, and only the boxes can be focused.
  for (const field of form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []) {
    field.focus();
    if (document.activeElement === field) return;
  }
}
