// The landing page's sections below its first screen: one file of their own (landing-page.tsx).
export { CallToActionSection } from './call-to-action-section';
export { DoctorBannerSection } from './doctor-banner-section';
export { FaqSection } from './faq-section';
export { FeaturesSection } from './features-section';
export { IntroSection } from './intro-section';
