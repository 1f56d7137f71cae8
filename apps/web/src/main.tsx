// All of Mantine's styles, in a CSS layer so our own styles win whichever loads last (the
// landing and sign-in pages' entries import only what they use: app/public-styles.ts).
import '@mantine/core/styles.layer.css';
import './app/zod-without-eval';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import {
  beginRestore,
  endRestore,
  getUserToken,
  hasSessionHint,
  isRestoring,
  listenToOtherTabs,
  SESSION_UNCHECKED_END,
} from './lib/session';

// The app: every page but the two the build renders to HTML with entries of their own (the
// landing page and sign-in, docs/decisions/014-lean-first-load.md), which come here only by moves
// inside the app. Its page (app.html) is an empty shell that React draws into.

// A session from before a reload: plan its refresh again (at once if it is about to expire). A tab
// without a token (a new tab, a link from an email or a notification) whose browser holds the
// session hint asks for one first; guarded pages wait for that answer (decision 023).
if (!getUserToken() && hasSessionHint()) beginRestore();
const resume = () =>
  import('./lib/session-refresh')
    .then((module) => module.resumeSession())
    // Offline or mid-deploy: the guard hears no answer and says so; the next call retries.
    .catch(() => endRestore(SESSION_UNCHECKED_END));
if (isRestoring() || getUserToken()) void resume();
// A sign-out in another tab ends this tab's session at once; a sign-in there gives it one.
listenToOtherTabs(() => void resume());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      {/* Pages suspend inside the router; this catches anything that suspends above them. */}
      <Suspense fallback={null}>
        <RouterProvider router={createAppRouter()} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
