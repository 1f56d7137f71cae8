import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { SiteLink } from '../../../components/site-navigation';
import { useLandingT } from '../i18n';
import { LandingSection } from '../components/landing-section';

export function DoctorBannerSection() {
  const { t } = useLandingT();
  return (
    <LandingSection headingId="doctor-heading">
      <Paper radius="lg" p={{ base: 'xl', sm: 48 }} bg="tend.0">
        <Group justify="space-between" align="center" gap="xl">
          <Group align="flex-start" gap="lg" wrap="nowrap" style={{ flex: '1 1 420px' }}>
            <ThemeIcon size={56} radius="xl" aria-hidden="true" visibleFrom="xs">
              <IconStethoscope size={30} />
            </ThemeIcon>
            <Stack gap="xs">
              <Title id="doctor-heading" order={2} fz={{ base: 26, sm: 30 }}>
                {t('doctorBanner.heading')}
              </Title>
              <Text size="lg">{t('doctorBanner.text')}</Text>
            </Stack>
          </Group>
          <Button component={SiteLink} to="/sign-up" size="lg">
            {t('doctorBanner.register')}
          </Button>
        </Group>
      </Paper>
    </LandingSection>
  );
}
