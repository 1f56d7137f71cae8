import type { Appointment } from '@tend/shared';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import type { z } from 'zod';

/** What every appointment dialog is given by the list that opened it. */
export type AppointmentDialogProps = {
  appointment: Appointment;
  /** The viewer's time zone, in which times are shown. */
  timeZone: string;
  onClose: () => void;
  /** The change is made: close, and say what happened in the list's status line. */
  onDone: (message: string) => void;
};

/** Checks a dialog's input; the field messages, or the parsed body. */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { body: z.output<S>; errors: null } | { body: null; errors: FieldErrors } {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { body: parsed.data, errors: null }
    : { body: null, errors: zodFieldErrors(parsed.error) };
}
