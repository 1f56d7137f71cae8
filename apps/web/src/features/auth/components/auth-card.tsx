import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuthT } from '../i18n';

type Props = {
  heading: string;
  intro: string;
  /** A line under the form, like the link to the other form. */
  footer: ReactNode;
  children: ReactNode;
};

/** The frame of the sign-in and sign-up pages: the page's <main>, heading and a card. */
export function AuthCard({ heading, intro, footer, children }: Props) {
  const { t } = useAuthT();
  return (
    <Box component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }} py={48}>
      <title>{t('shared.titleSuffix', { heading })}</title>
      <Container size={480} px="md">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1} fz={{ base: 28, sm: 32 }}>
            {heading}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
        <Text ta="center" mt="lg">
          {footer}
        </Text>
      </Container>
    </Box>
  );
}

/** The usual footer line: a sentence, then a link to the page that helps ("Remembered it? Sign in"). */
export function FooterLink({ lead, to, label }: { lead: string; to: string; label: string }) {
  return (
    <>
      {lead}{' '}
      <Anchor component={Link} to={to} fw={600} c="tend.8">
        {label}
      </Anchor>
    </>
  );
}
