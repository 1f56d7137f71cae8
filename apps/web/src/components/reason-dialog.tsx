import { Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { useCommonT } from '../i18n/common';
import { zodFieldErrors } from '../lib/form-errors';
import { FormDialog } from './form-dialog';

type Props = {
  title: string;
  /** What will happen and who sees the reason. */
  explanation: string;
  submitLabel: string;
  /** The same check the server makes of `{ reason }`, so a blank reason is refused in words here. */
  schema: z.ZodType<{ reason: string }>;
  /** The request is under way: the dialog waits and cannot be dismissed. */
  pending: boolean;
  /** Why the last attempt failed, in the server's words. */
  error: string | null;
  /** The checked, trimmed reason. */
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * Something is ended or turned down with a required reason the other side will read: cancelling a
 * visit or a prescription, a pharmacy refusing a fill, a doctor refusing a renewal. The caller owns
 * the request; this holds the reason and checks it.
 */
export function ReasonDialog({
  title,
  explanation,
  submitLabel,
  schema,
  pending,
  error,
  onSubmit,
  onClose,
}: Props) {
  const { t } = useCommonT();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = () => {
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) return setFieldError(zodFieldErrors(parsed.error).reason);
    onSubmit(parsed.data.reason);
  };

  return (
    <FormDialog
      opened
      title={title}
      error={error}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{explanation}</Text>
      <Textarea
        label={t('reason.label')}
        required
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        data-autofocus
      />
    </FormDialog>
  );
}
