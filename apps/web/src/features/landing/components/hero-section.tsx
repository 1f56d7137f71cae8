import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { SiteLink } from '../../../components/site-navigation';
import { preloadable } from '../../../lib/preloadable';
import { useLandingT } from '../i18n';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

/**
 * The illustration beside the hero's words is only looked at, never used: its code (its cards,
 * badge and icons) comes in a file of its own, like the sections below the first screen
 * (landing-page.tsx), its HTML standing meanwhile.
 */
export const ChecklistPreview = preloadable(() =>
  import('./checklist-preview').then((module) => module.ChecklistPreview),
);

export function HeroSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="Banner" headingId="hero-heading" look="hero">
      <div className={classes.heroColumns}>
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
        <Suspense fallback={null}>
          <ChecklistPreview.Component />
        </Suspense>
      </div>
    </LandingSection>
  );
}
