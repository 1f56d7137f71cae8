import { Box, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCommonT } from '../i18n/common';
import { BrandLogo } from './brand-logo';
import { SiteLink } from './site-navigation';
import classes from './site-footer.module.css';

// Both areas are behind sign-in, so their entries lead there until the person is signed in.
const COLUMNS = [
  {
    key: 'patients',
    className: classes.patients,
    links: [
      { label: 'searchDoctors', to: '/sign-in' },
      { label: 'login', to: '/sign-in' },
      { label: 'register', to: '/sign-up' },
    ],
  },
  {
    key: 'doctors',
    className: classes.doctors,
    links: [
      { label: 'appointments', to: '/sign-in' },
      { label: 'chat', to: '/sign-in' },
      { label: 'login', to: '/sign-in' },
    ],
  },
] as const;

type Props = {
  /** The subscribe form comes from its feature; the layout hands it in. */
  subscribeForm: ReactNode;
};

export function SiteFooter({ subscribeForm }: Props) {
  const { t } = useCommonT();
  return (
    <Box component="footer" className={classes.footer} py={48}>
      <Container size="lg">
        <div className={classes.grid}>
          <Stack gap="sm" className={classes.brand}>
            <BrandLogo />
            <Text size="sm" c="dimmed" maw={320}>
              {t('footer.tagline')}
            </Text>
          </Stack>

          {COLUMNS.map((column) => (
            <nav
              key={column.key}
              aria-labelledby={`footer-${column.key}`}
              className={column.className}
            >
              <Title order={2} size="h5" id={`footer-${column.key}`} mb="sm">
                {t(`footer.${column.key}`)}
              </Title>
              <ul className={classes.list}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <SiteLink to={link.to} className={classes.link}>
                      {t(`footer.${link.label}`)}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          <Stack gap="xs" className={classes.contact}>
            <Title order={2} size="h5">
              {t('footer.contact')}
            </Title>
            <Text size="sm" maw={360}>
              {t('footer.contactText')}
            </Text>
          </Stack>

          <div className={classes.subscribe}>{subscribeForm}</div>
        </div>

        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('footer.copyright')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('footer.licence')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
