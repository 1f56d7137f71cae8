import { Box, Container, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

type Props = {
  /** The id of the heading that names the section. */
  headingId: string;
  /** Where the header's section links jump to. */
  id?: string;
  /** A background of its own; plain white otherwise. */
  look?: 'hero' | 'tinted' | 'cta';
  size?: 'md' | 'lg';
  children: ReactNode;
};

/** One band of the landing page: a named <section>, its content in the page's column. */
export function LandingSection({ headingId, id, look, size = 'lg', children }: Props) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      className={look ? `${classes.section} ${classes[look]}` : classes.section}
    >
      <Container size={size}>{children}</Container>
    </Box>
  );
}

/** The heading of a section below the first screen. */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Title id={id} order={2} fz={{ base: 28, sm: 34 }}>
      {children}
    </Title>
  );
}
