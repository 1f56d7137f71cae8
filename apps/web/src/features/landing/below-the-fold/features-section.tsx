import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useLandingT } from '../i18n';
import { FEATURES } from './feature-list';
import classes from '../components/landing.module.css';
import { LandingSection, SectionTitle } from '../components/landing-section';

export function FeaturesSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="features" headingId="features-heading">
      <Stack gap="md" maw={680} mb={40}>
        <SectionTitle id="features-heading">{t('features.heading')}</SectionTitle>
        <Text size="lg" c="dimmed">
          {t('features.intro')}
        </Text>
      </Stack>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" p={0} m={0}>
        {FEATURES.map(({ key, icon: FeatureIcon }) => (
          <Card
            key={key}
            component="li"
            withBorder
            radius="lg"
            padding="lg"
            className={classes.featureCard}
            style={{ listStyle: 'none' }}
          >
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
              <FeatureIcon size={26} stroke={1.75} />
            </ThemeIcon>
            <Title order={3} fz="lg" lh={1.3} mt="md" mb={6}>
              {t(`features.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`features.${key}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
