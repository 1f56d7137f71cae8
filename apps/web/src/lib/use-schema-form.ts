import { useState, type ChangeEvent, type RefObject } from 'react';
import type { z } from 'zod';
import {
  focusFirstInvalid,
  splitRequestError,
  zodFieldErrors,
  type FieldErrors,
} from './form-errors';

/** The fields any typed text fits, so a text input's change event can set them as it is. */
type TextField<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string;

type TextChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * A form's values and one message per field, checked with the zod schema the server uses too.
 * Whenever messages appear, focus moves to the first field marked invalid in `formRef`'s form, so
 * the error is heard. `onEdit` runs on every change, for forms that take down a "saved" message.
 */
export function useSchemaForm<V extends Record<string, unknown>>(
  initial: V | (() => V),
  formRef: RefObject<HTMLFormElement | null>,
  { onEdit }: { onEdit?: () => void } = {},
) {
  type K = keyof V & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  // A server message about a field the form holds goes under that field, not in the alert.
  const knownFields = Object.keys(values) as K[];

  const showErrors = (found: FieldErrors<K>) => {
    setErrors(found);
    // After the render that marks the fields invalid, so there is one to find.
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  /** Sets one value and takes down that field's message: the person is fixing it. */
  const set = <F extends K>(name: F, value: V[F]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    onEdit?.();
  };

  return {
    values,
    errors,
    set,
    /** What a text input (TextInput, PasswordField, Textarea, NativeSelect) needs for `name`. */
    field: <F extends TextField<V>>(name: F) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: TextChange) => set(name, event.currentTarget.value as V[F]),
    }),
    /** What a field giving its value rather than an event (DateField, TimeField) needs for `name`. */
    valueField: <F extends TextField<V>>(name: F) => ({
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (value: string) => set(name, value as V[F]),
    }),
    /**
     * The parsed input, or null after showing why not. `extra` holds problems only the browser
     * can see (a confirmation that does not match); they count as much as the schema's.
     */
    validate<S extends z.ZodType>(
      schema: S,
      input: unknown,
      extra: FieldErrors<K> = {},
    ): z.output<S> | null {
      const parsed = schema.safeParse(input);
      const found = {
        ...(parsed.success ? {} : zodFieldErrors(parsed.error, knownFields)),
        ...extra,
      };
      if (!parsed.success || Object.keys(found).length > 0) {
        showErrors(found);
        return null;
      }
      setErrors({});
      return parsed.data;
    },
    /** Puts a failed request's field messages on their fields; returns the alert's message. */
    showRequestError: (error: unknown): string | null => {
      const { fields, alert } = splitRequestError(error, knownFields);
      showErrors(fields);
      return alert;
    },
    /** The alert for a request's error (null for none, or when its fields say it all). */
    alertFor: (error: unknown): string | null =>
      error == null ? null : splitRequestError(error, knownFields).alert,
    reset: (next: V) => {
      setValues(next);
      setErrors({});
    },
  };
}

export type SchemaForm<V extends Record<string, unknown>> = ReturnType<typeof useSchemaForm<V>>;
