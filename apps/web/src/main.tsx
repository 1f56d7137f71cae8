// All of Mantine's styles, in a CSS layer so our own styles win whichever loads last (the
// landing page's entry imports only what it uses: app/public-styles.ts).
import '@mantine/core/styles.layer.css';
import './app/zod-without-eval';
import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { stashedNotice } from './lib/notice';
import { getUserToken } from './lib/session';

// A session from before a reload: plan its refresh again (at once if it is about to expire). The
// refresh code stays out of the landing page's first download.
if (getUserToken()) {
  import('./lib/session-refresh')
    .then((module) => module.startSessionRefresh())
    // Offline or mid-deploy: the first API call that meets an expired token renews it instead.
    .catch(() => undefined);
}

/** Resolves once the router has loaded the code of the page it opened on. */
function pageLoaded(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const app = (
  <StrictMode>
    <Providers>
      {/* Nothing suspends here. The boundary lets React take over a prerendered page in short
          tasks after the providers, instead of one long one (as render-page.tsx renders it). */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>
);
// A page the build rendered to HTML (sign-in) is taken over once its code is here, so React finds
// what the HTML shows; the shell of every other page is empty and simply drawn into. What the HTML
// cannot know makes the page differ from it, so then it is drawn afresh too: a notice parked
// before a reload, or the state a reloaded history entry still carries (a notice, an email).
const navigationState = (window.history.state as { usr?: unknown } | null)?.usr;
if (container.firstElementChild && !stashedNotice() && navigationState == null) {
  void pageLoaded(router).then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
