import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useLandingT } from '../i18n';
import { Testimonial } from './testimonial';
import { LandingSection, SectionTitle } from '../components/landing-section';

export function IntroSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="intro" headingId="intro-heading" look="tinted">
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <SectionTitle id="intro-heading">{t('intro.heading')}</SectionTitle>
          <Text size="lg">{t('intro.text')}</Text>
          <Text c="dimmed">{t('intro.clinic')}</Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Testimonial
            quote={t('intro.patientQuote')}
            attribution={t('intro.patientAttribution')}
          />
          <Testimonial quote={t('intro.doctorQuote')} attribution={t('intro.doctorAttribution')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('intro.quotesNote')}
        </Text>
      </Stack>
    </LandingSection>
  );
}
