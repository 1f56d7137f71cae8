import { Box } from '@mantine/core';
import { CallToActionSection } from '../components/call-to-action-section';
import { DoctorBannerSection } from '../components/doctor-banner-section';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { IntroSection } from '../components/intro-section';

export function LandingPage() {
  return (
    <Box component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
      <HeroSection />
      <IntroSection />
      <FeaturesSection />
      <CallToActionSection />
      <FaqSection />
      <DoctorBannerSection />
    </Box>
  );
}
