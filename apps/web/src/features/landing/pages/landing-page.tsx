import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { CallToActionSection } from '../components/call-to-action-section';
import { DoctorBannerSection } from '../components/doctor-banner-section';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { IntroSection } from '../components/intro-section';

const SECTIONS = [
  HeroSection,
  IntroSection,
  FeaturesSection,
  CallToActionSection,
  FaqSection,
  DoctorBannerSection,
];

export function LandingPage() {
  return (
    <Box component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
      {/* When the prerendered page is taken over (hydrated), React does each Suspense boundary
          as a task of its own and lets the browser in between, instead of one long task that
          would hold up a tap or a scroll. Nothing here suspends; the boundaries only split. */}
      {SECTIONS.map((Section) => (
        <Suspense key={Section.name} fallback={null}>
          <Section />
        </Suspense>
      ))}
    </Box>
  );
}
