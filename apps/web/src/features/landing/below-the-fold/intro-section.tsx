import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLandingT } from '../i18n';
import { Testimonial } from './testimonial';
import classes from '../components/landing.module.css';

export function IntroSection() {
  const { t } = useLandingT();
  return (
    <Box
      component="section"
      id="intro"
      aria-labelledby="intro-heading"
      className={`${classes.section} ${classes.tinted}`}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="md" maw={720}>
            <Title id="intro-heading" order={2} fz={{ base: 28, sm: 34 }}>
              {t('intro.heading')}
            </Title>
            <Text size="lg">{t('intro.text')}</Text>
            <Text c="dimmed">{t('intro.clinic')}</Text>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Testimonial
              quote={t('intro.patientQuote')}
              attribution={t('intro.patientAttribution')}
            />
            <Testimonial
              quote={t('intro.doctorQuote')}
              attribution={t('intro.doctorAttribution')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('intro.quotesNote')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
