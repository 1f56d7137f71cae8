import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The id of the heading that names the section, or… */
  labelledBy?: string;
  /** …its name, when no heading inside says it. */
  label?: string;
  children: ReactNode;
};

/** A bordered panel that is a landmark of its page: a <section> with a name. */
export function LabelledSection({ labelledBy, label, children }: Props) {
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby={labelledBy}
      aria-label={label}
    >
      {children}
    </Paper>
  );
}
