import { Text, type MantineSpacing } from '@mantine/core';
import type { Ref } from 'react';

type Props = {
  /** What was just done, in words; null or empty shows nothing. */
  status: string | null | undefined;
  /**
   * Given where focus moves to the words once something is done (the control used is gone or
   * changed); the region then takes focus without drawing a ring.
   */
  ref?: Ref<HTMLDivElement>;
  /** The same, for a region focused by its id. */
  id?: string;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
};

/**
 * The live region that says what was just done. It is there from the start, empty, so that screen
 * readers announce the words when they appear.
 */
export function LiveStatus({ status, ref, id, mt, mb }: Props) {
  const focusable = ref !== undefined || id !== undefined;
  return (
    <div
      role="status"
      ref={ref}
      id={id}
      tabIndex={focusable ? -1 : undefined}
      style={focusable ? { outline: 'none' } : undefined}
    >
      {status && (
        // A long e-mail address in the words wraps rather than widen the page.
        <Text fw={600} c="tend.9" mt={mt} mb={mb} style={{ overflowWrap: 'anywhere' }}>
          {status}
        </Text>
      )}
    </div>
  );
}
