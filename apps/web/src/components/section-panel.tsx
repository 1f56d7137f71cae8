import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The panel's heading, an h2 drawn at h4 size. */
  title: ReactNode;
  /** A dimmed sentence under the heading, when the panel has one. */
  intro?: ReactNode;
  children: ReactNode;
};

/** One bordered panel of a page: its heading, an optional intro, then what it holds. */
export function SectionPanel({ title, intro, children }: Props) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={intro === undefined ? 'md' : 4}>
        {title}
      </Title>
      {intro !== undefined && (
        <Text c="dimmed" mb="md">
          {intro}
        </Text>
      )}
      {children}
    </Paper>
  );
}
