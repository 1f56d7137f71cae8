import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SiteLink } from '../../../components/site-navigation';
import { useLandingT } from '../i18n';
import { ChecklistPreview } from './checklist-preview';
import classes from './landing.module.css';

export function HeroSection() {
  const { t } = useLandingT();
  return (
    <Box
      component="section"
      id="Banner"
      aria-labelledby="hero-heading"
      className={`${classes.section} ${classes.hero}`}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Text fw={700} c="tend.8" tt="uppercase" size="sm" style={{ letterSpacing: 1 }}>
              {t('hero.eyebrow')}
            </Text>
            <Title id="hero-heading" order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
              {t('hero.heading')}
            </Title>
            <Text size="lg" c="dimmed" maw={560}>
              {t('hero.text')}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Button component={SiteLink} to="/sign-up" size="lg" px={{ base: 'md', xs: 'xl' }}>
                {t('hero.getStarted')}
              </Button>
              <Button
                component="a"
                href="#features"
                size="lg"
                variant="default"
                px={{ base: 'md', xs: 'xl' }}
              >
                {t('hero.learnMore')}
              </Button>
            </Group>
          </Stack>
          <ChecklistPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
