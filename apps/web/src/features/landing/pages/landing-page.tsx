import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { preloadable } from '../../../lib/preloadable';
import { ChecklistPreview, HeroSection } from '../components/hero-section';

// The sections below the first screen come in a file of their own, fetched as soon as this code
// runs (below): the page's HTML shows them meanwhile (taking it over, React keeps a section's
// HTML until its code is in), and their links work without it. So their code, icons and cards
// are not in the landing page's first download (issue 12's budget, docs/decisions/034-*.md).
const belowTheFold = () => import('../below-the-fold');
const LATER_SECTIONS = [
  preloadable(() => belowTheFold().then((module) => module.IntroSection)),
  preloadable(() => belowTheFold().then((module) => module.FeaturesSection)),
  preloadable(() => belowTheFold().then((module) => module.CallToActionSection)),
  preloadable(() => belowTheFold().then((module) => module.FaqSection)),
  preloadable(() => belowTheFold().then((module) => module.DoctorBannerSection)),
];

/**
 * Fetches the parts whose code comes later (the sections below the first screen, the hero's
 * illustration), for a page drawn afresh (nothing to show for them until then) or opened from
 * inside the app; rejects when they cannot be fetched.
 */
export const preloadLandingPage = () =>
  Promise.all([ChecklistPreview, ...LATER_SECTIONS].map((part) => part.preload())).then(
    () => undefined,
  );

// At once, while the rest of the page's code runs; a failure is met again where it is awaited.
void preloadLandingPage().catch(() => undefined);

const SECTIONS = [HeroSection, ...LATER_SECTIONS.map((section) => section.Component)];

export function LandingPage() {
  return (
    <Box component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
      {/* When the prerendered page is taken over (hydrated), React does each Suspense boundary
          as a task of its own and lets the browser in between, instead of one long task that
          would hold up a tap or a scroll; a section whose code is still coming keeps its HTML. */}
      {SECTIONS.map((Section, index) => (
        <Suspense key={index} fallback={null}>
          <Section />
        </Suspense>
      ))}
    </Box>
  );
}
