import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import '../components/i18n';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { FullLoadRouter } from './full-load-router';
import { PublicLayout } from './layouts/public-layout';
import { usePageMeta } from './page-meta';
import { ThemeProvider } from './providers';

/**
 * The sign-in page as its own small app, like the landing page (landing-app.tsx): rendered to HTML
 * at build time (prerender.tsx) and hydrated in the browser (sign-in-main.tsx) from the same tree,
 * with the app's own sign-in page and form. Links, and the move into the signed-in area once the
 * person has signed in, load their page in full; see docs/decisions/014-lean-first-load.md.
 */
export function SignInApp({
  queryClient,
  location = '/sign-in',
}: {
  queryClient: QueryClient;
  /** With the state a reloaded history entry holds (an email, a notice); the build has none. */
  location?: string | Partial<Location>;
}) {
  // Its <title> is the sign-in page's own.
  usePageMeta('public', false);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <FullLoadRouter location={location}>
          <PublicLayout>
            <SignInPage />
          </PublicLayout>
        </FullLoadRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
