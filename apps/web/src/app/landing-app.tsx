import { LandingPage } from '../features/landing/pages/landing-page';
import { LandingNavigation } from './full-load-navigation';
import { PublicLayout } from './layouts/public-layout';
import { usePageMeta } from './page-meta';
import { ThemeProvider } from './providers';

/**
 * The landing page as its own small app: rendered to HTML at build time (prerender.tsx) and
 * hydrated in the browser (landing-main.tsx) from the very same tree, so the two always match.
 * Links from it load their page in full; see docs/decisions/014-lean-first-load.md.
 */
export function LandingApp() {
  usePageMeta('public', true);
  return (
    <ThemeProvider>
      <LandingNavigation>
        <PublicLayout>
          <LandingPage />
        </PublicLayout>
      </LandingNavigation>
    </ThemeProvider>
  );
}
