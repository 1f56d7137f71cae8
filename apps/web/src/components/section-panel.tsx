import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  /** The panel's heading, an h2 drawn at h4 size. */
  title: ReactNode;
  /** A dimmed sentence under the heading, when the panel has one. */
  intro?: ReactNode;
  /** A link beside the heading, to the page the panel sums up. */
  link?: { to: string; label: string };
  children: ReactNode;
};

/** One bordered panel of a page: its heading, an optional intro, then what it holds. */
export function SectionPanel({ title, intro, link, children }: Props) {
  const heading = (
    <Title order={2} size="h4" mb={link ? undefined : intro === undefined ? 'md' : 4}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      {link ? (
        <Group justify="space-between" align="flex-start" mb="md" gap="sm">
          {heading}
          <Anchor component={Link} to={link.to} fw={600} c="tend.8">
            {link.label}
          </Anchor>
        </Group>
      ) : (
        heading
      )}
      {intro !== undefined && (
        <Text c="dimmed" mb="md">
          {intro}
        </Text>
      )}
      {children}
    </Paper>
  );
}
