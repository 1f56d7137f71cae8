import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = StackProps & {
  /** An <ol>, where the order means something (newest first, a timeline). */
  ordered?: boolean;
  children: ReactNode;
};

/** A list without bullets or indent, its items stacked: cards, rows, lines that mark themselves. */
export function PlainList({ ordered = false, ...props }: Props) {
  return (
    <Stack component={ordered ? 'ol' : 'ul'} m={0} p={0} style={{ listStyle: 'none' }} {...props} />
  );
}
