// Only the Mantine styles of what is drawn before the first page's code has loaded (the spinner,
// the 404 and error pages); all the rest comes with that code (app/all-mantine-styles.ts).
import './app/public-styles';
import './app/zod-without-eval';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/app-providers';
import { createAppRouter } from './app/router';
import { loadInitialWords } from './i18n/i18n';
import { forgetPrefetchesOnNavigation } from './lib/fresh-for-page';
import { registerServiceWorkerAfterLoad } from './lib/register-service-worker';
import { resumeSessionOnStart } from './lib/session-refresh';
import { deviceTimeZone } from './lib/time-zone';

// The app: every page but the two the build renders to HTML with entries of their own (the
// landing page and sign-in, docs/decisions/014-lean-first-load.md), which come here only by moves
// inside the app. Its page (app.html) holds a placeholder painted before this code runs, which
// React draws over (docs/decisions/024-area-first-load.md); the page's boot script (boot.ts)
// starts this code once that placeholder is on screen (decision 044).

// A session from before a reload: plan its refresh again (at once if it is about to expire). A tab
// without a token whose browser holds the session hint asks for one first, and guarded pages wait
// for that answer (decision 023). In a page served with the boot script, the ask went out before
// this code arrived, and its answer is read here (decision 044).
resumeSessionOnStart();
// The browser's first date formatter loads its calendar and zone data, about 75 ms on a phone.
// Paid in a task of its own while the page's code and data are on their way, it no longer
// lengthens the first render of a page that shows a date (most do, and "today" needs it).
setTimeout(deviceTimeZone, 0);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A page in Spanish first fetches the Spanish words of the shell and the app's frame (the
// placeholder stays painted meanwhile); in English nothing is waited for. As a transition the
// first render runs in slices of a few milliseconds with the browser let in between, rather than
// in one task as long as the whole tree (decision 024).
void loadInitialWords().then(() => {
  const router = createAppRouter();
  forgetPrefetchesOnNavigation(router);
  // Installable, and today's checklist offline (DESIGN, "Interop and reach"). The worker's
  // precaching waits until the first page's code is in: the page's load event comes before the
  // app's code has even started (the boot script fetches it after the first paint, decision 044).
  if (router.state.initialized) registerServiceWorkerAfterLoad();
  else {
    const stop = router.subscribe(({ initialized }) => {
      if (!initialized) return;
      stop();
      registerServiceWorkerAfterLoad();
    });
  }
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          {/* Pages suspend inside the router; this catches anything that suspends above them. */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </StrictMode>,
    ),
  );
});
