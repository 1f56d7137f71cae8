import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The id of the heading that names the section, or… */
  labelledBy?: string;
  /** …its name, when no heading inside says it. */
  label?: string;
  /** An <article>: one of several things of a kind (a card in a list). */
  article?: boolean;
  id?: string;
  /** The padding from a small tablet up; a phone's is always md. */
  padding?: 'lg' | 'xl';
  children: ReactNode;
};

/** A bordered panel that is a landmark of its page: a <section> (or <article>) with a name. */
export function LabelledSection({
  labelledBy,
  label,
  article = false,
  id,
  padding = 'xl',
  children,
}: Props) {
  return (
    <Paper
      component={article ? 'article' : 'section'}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: padding }}
      aria-labelledby={labelledBy}
      aria-label={label}
      id={id}
    >
      {children}
    </Paper>
  );
}
