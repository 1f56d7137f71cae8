import type { z } from 'zod';
import { ApiRequestError } from './api-client';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message for each top-level field of a failed zod parse. */
export function zodFieldErrors(
  error: z.ZodError,
  knownFields: readonly string[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // A nested field the form holds flat ("pharmacy.name") gets its own message.
    const joined = issue.path.join('.');
    const key = knownFields.includes(joined) ? joined : issue.path[0];
    if (typeof key === 'string' && !errors[key]) errors[key] = issue.message;
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
    return { fields: {}, alert: 'Something went wrong. Please try again.' };
  }
  const fields: FieldErrors<K> = {};
  let unplaced = false;
  for (const [key, message] of Object.entries(error.fields)) {
    if ((knownFields as readonly string[]).includes(key)) fields[key as K] = message;
    else unplaced = true;
  }
  const placedAll = Object.keys(fields).length > 0 && !unplaced;
  return { fields, alert: placedAll ? null : error.message };
}

/** Moves focus to the first field of a form that is marked invalid, so the error is heard. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
}
