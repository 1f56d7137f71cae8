import { Box, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import classes from './site-footer.module.css';

// Both areas are behind sign-in, so their entries lead there until the person is signed in.
const COLUMNS = [
  {
    title: 'Patients',
    className: classes.patients,
    links: [
      { label: 'Search for doctors', to: '/sign-in' },
      { label: 'Login', to: '/sign-in' },
      { label: 'Register', to: '/sign-up' },
    ],
  },
  {
    title: 'Doctors',
    className: classes.doctors,
    links: [
      { label: 'Appointments', to: '/sign-in' },
      { label: 'Chat', to: '/sign-in' },
      { label: 'Login', to: '/sign-in' },
    ],
  },
] as const;

type Props = {
  /** The subscribe form comes from its feature; the layout hands it in. */
  subscribeForm: ReactNode;
};

export function SiteFooter({ subscribeForm }: Props) {
  return (
    <Box component="footer" className={classes.footer} py={48}>
      <Container size="lg">
        <div className={classes.grid}>
          <Stack gap="sm" className={classes.brand}>
            <BrandLogo />
            <Text size="sm" c="dimmed" maw={320}>
              Health communication between patients and their doctors.
            </Text>
          </Stack>

          {COLUMNS.map((column) => (
            <nav
              key={column.title}
              aria-labelledby={`footer-${column.title}`}
              className={column.className}
            >
              <Title order={2} size="h5" id={`footer-${column.title}`} mb="sm">
                {column.title}
              </Title>
              <ul className={classes.list}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className={classes.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          <Stack gap="xs" className={classes.contact}>
            <Title order={2} size="h5">
              Contact
            </Title>
            <Text size="sm" maw={360}>
              Tend is run by your clinic or care provider. For help with your account or your care,
              contact them directly.
            </Text>
          </Stack>

          <div className={classes.subscribe}>{subscribeForm}</div>
        </div>

        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            © Tend contributors
          </Text>
          <Text size="sm" c="dimmed">
            Open-source software, licensed under the AGPL-3.0-or-later.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
