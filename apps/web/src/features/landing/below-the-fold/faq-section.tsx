import { Stack, Text } from '@mantine/core';
import { useLandingT } from '../i18n';
import { FaqItem } from './faq-item';
import { LandingSection, SectionTitle } from '../components/landing-section';

// Answers describe what Tend does today; nothing here promises more than the product does. Each
// question and answer is `faq.<key>.question` / `.answer` in the catalog.
const QUESTIONS = ['what', 'privacy', 'appointments', 'reminders', 'pharmacy', 'cost'] as const;

export function FaqSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="faq" headingId="faq-heading" look="tinted" size="md">
      <Stack gap="md" mb={32}>
        <SectionTitle id="faq-heading">{t('faq.heading')}</SectionTitle>
        <Text size="lg" c="dimmed">
          {t('faq.intro')}
        </Text>
      </Stack>
      <Stack gap="md">
        {QUESTIONS.map((key) => (
          <FaqItem key={key} id={key} question={t(`faq.${key}.question`)}>
            {t(`faq.${key}.answer`)}
          </FaqItem>
        ))}
      </Stack>
    </LandingSection>
  );
}
