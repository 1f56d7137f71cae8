import { Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';

/**
 * The words of what was just done, in a live region that focus can move to without drawing a
 * ring; hidden while there are none.
 */
export function StatusLine({
  status,
  ref,
}: {
  status: string | null;
  ref: Ref<HTMLParagraphElement>;
}) {
  return (
    <Text
      ref={ref}
      role="status"
      tabIndex={-1}
      fw={600}
      c="tend.8"
      style={{ outline: 'none' }}
      hidden={!status}
    >
      {status}
    </Text>
  );
}

/**
 * What was done, in words: fixed, or drawn afresh at every draw, so that a change of the page's
 * language says them again in the new one (the function reads the words of the moment).
 */
export type StatusWords = string | (() => string);

/**
 * A line that says what was just done, in a live region. The button, form or dialog that did it is
 * usually gone or changed by then, so focus moves to the words; `null` hides the line.
 */
export function useFocusedStatus() {
  const [words, setWords] = useState<StatusWords | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (words) ref.current?.focus();
  }, [words]);
  // Wrapped, since React would call a function given to setWords as an updater.
  const setStatus = useCallback((next: StatusWords | null) => setWords(() => next), []);
  const status = typeof words === 'function' ? words() : words;
  const statusLine = <StatusLine ref={ref} status={status} />;
  return { status, setStatus, statusLine };
}
