import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from './failure-alert';
import { LiveStatus } from './live-status';

type Props = {
  /** Why the last request failed, above the buttons; left out where the form says it elsewhere. */
  failure?: { title: string; message: string | null | undefined };
  submitLabel: string;
  /** The request is under way: the submit button shows it and cannot be pressed again. */
  pending: boolean;
  /**
   * What was just done ("Profile saved."), in a live region beside the button. Left out by forms
   * that close or leave once done, which have nothing to say there.
   */
  status?: string | null;
  /** Buttons after the submit button (Close, Cancel). */
  children?: ReactNode;
};

/**
 * The end of a form: the failure alert, the submit button and its live status line. It sits in
 * the form's Stack, whose gap spaces the alert and the buttons.
 */
export function FormFooter({ failure, submitLabel, pending, status, children }: Props) {
  // Buttons side by side sit closer, and a little apart from the last field.
  const withButtons = children !== undefined;
  return (
    <>
      {failure && <FailureAlert title={failure.title} message={failure.message} />}
      <Group gap={withButtons ? 'sm' : 'md'} mt={withButtons ? 'xs' : undefined}>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {children}
        {status !== undefined && <LiveStatus status={status} />}
      </Group>
    </>
  );
}
