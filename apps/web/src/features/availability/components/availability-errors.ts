import type { z } from 'zod';

/**
 * Where each message goes: `timezone`, `slotminutes`, `daysoff`, `weekly` (the hours as a whole),
 * `<rowKey>` (one row: it overlaps another) or `<rowKey>.start` / `<rowKey>.end`.
 */
export type AvailabilityErrors = Record<string, string>;

/** Places one message found at `path` (zod's path, or a server field name split at dots). */
function place(
  errors: AvailabilityErrors,
  path: readonly PropertyKey[],
  message: string,
  rowKeys: readonly string[],
) {
  const [top, index, field] = path.map(String);
  let key = top ?? 'form';
  if (top === 'weekly' && index !== undefined && rowKeys[Number(index)] !== undefined) {
    const row = rowKeys[Number(index)]!;
    key = field === 'start' || field === 'end' ? `${row}.${field}` : row;
  }
  errors[key] ??= message;
}

export function zodAvailabilityErrors(
  error: z.ZodError,
  rowKeys: readonly string[],
): AvailabilityErrors {
  const errors: AvailabilityErrors = {};
  for (const issue of error.issues) place(errors, issue.path, issue.message, rowKeys);
  return errors;
}

/** The server's `fields` ("weekly.2.end": "…") put on the rows they are about. */
export function serverAvailabilityErrors(
  fields: Readonly<Record<string, string>>,
  rowKeys: readonly string[],
): AvailabilityErrors {
  const errors: AvailabilityErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    place(errors, name.split(/[.[\]]+/).filter(Boolean), message, rowKeys);
  }
  return errors;
}
