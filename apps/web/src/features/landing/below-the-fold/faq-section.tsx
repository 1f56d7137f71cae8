import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useLandingT } from '../i18n';
import { FaqItem } from './faq-item';
import classes from '../components/landing.module.css';

// Answers describe what Tend does today; nothing here promises more than the product does. Each
// question and answer is `faq.<key>.question` / `.answer` in the catalog.
const QUESTIONS = ['what', 'privacy', 'appointments', 'reminders', 'pharmacy', 'cost'] as const;

export function FaqSection() {
  const { t } = useLandingT();
  return (
    <Box
      component="section"
      id="faq"
      aria-labelledby="faq-heading"
      className={`${classes.section} ${classes.tinted}`}
    >
      <Container size="md">
        <Stack gap="md" mb={32}>
          <Title id="faq-heading" order={2} fz={{ base: 28, sm: 34 }}>
            {t('faq.heading')}
          </Title>
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
      </Container>
    </Box>
  );
}
