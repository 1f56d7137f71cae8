import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { title: string; intro: ReactNode; children: ReactNode };

/** One titled card of a settings page (Notification settings, Sign-in and devices). */
export function SettingsSection({ title, intro, children }: Props) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
