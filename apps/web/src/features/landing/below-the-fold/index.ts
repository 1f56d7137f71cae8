// The landing page's sections below its first screen, with their words: one file of their own
// (landing-page.tsx).
import './i18n';

export { CallToActionSection } from './call-to-action-section';
export { DoctorBannerSection } from './doctor-banner-section';
export { FaqSection } from './faq-section';
export { FeaturesSection } from './features-section';
export { IntroSection } from './intro-section';
