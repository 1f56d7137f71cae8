import type { Appointment } from '@tend/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';

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

type Change<Body> = UseMutationResult<void, Error, { id: string; body?: Body }>;

/**
 * What a dialog that changes an appointment does on submit: its input checked with `schema` (each
 * message under its field), then `change` made; once made, `onDone` with the words `done` gives.
 * `dialog` is what FormDialog needs to show it going or failing, and to close.
 */
export function useChangeDialog<Checked extends Body, Body>(
  { appointment, onClose, onDone }: AppointmentDialogProps,
  schema: z.ZodType<Checked>,
  change: Change<Body>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (input: unknown, done: (body: Checked) => string) => {
    const checked = checkInput(schema, input);
    if (checked.errors) return setErrors(checked.errors);
    const body = checked.body;
    change.mutate({ id: appointment._id, body }, { onSuccess: () => onDone(done(body)) });
  };
  const dialog = {
    error: change.isError ? change.error.message : null,
    pending: change.isPending,
    onClose,
  };
  return { errors, setErrors, submit, dialog };
}
