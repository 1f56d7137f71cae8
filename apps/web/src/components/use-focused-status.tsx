import { Text } from '@mantine/core';
import { useEffect, useRef, useState, type Ref } from 'react';

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
 * A line that says what was just done, in a live region. The button, form or dialog that did it is
 * usually gone or changed by then, so focus moves to the words; `null` hides the line.
 */
export function useFocusedStatus() {
  const [status, setStatus] = useState<string | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status) ref.current?.focus();
  }, [status]);
  const statusLine = <StatusLine ref={ref} status={status} />;
  return { status, setStatus, statusLine };
}
