import { Box, Center, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-logo';

type Props = {
  documentTitle: string;
  heading: string;
  children: ReactNode;
  actions: ReactNode;
};

/** A full-page message (not found, unexpected error) that stands without the site header. */
export function StatusPage({ documentTitle, heading, children, actions }: Props) {
  return (
    <Box component="main" id="main-content" tabIndex={-1} mih="100dvh" bg="gray.0">
      <title>{documentTitle}</title>
      <Center mih="100dvh" px="md" py={48}>
        <Container size={560} ta="center">
          <Stack align="center" gap="lg">
            <BrandMark size={56} />
            <Title order={1} fz={{ base: 28, sm: 36 }}>
              {heading}
            </Title>
            <Text size="lg" c="dimmed">
              {children}
            </Text>
            {actions}
          </Stack>
        </Container>
      </Center>
    </Box>
  );
}
