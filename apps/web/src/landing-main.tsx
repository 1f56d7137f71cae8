import './app/zod-without-eval';
import './app/public-styles';
import { StrictMode } from 'react';
import { LandingApp } from './app/landing-app';
import { takeOverPage } from './app/take-over-page';
import { preloadLandingPage } from './features/landing/pages/landing-page';
import { loadInitialWords } from './i18n/i18n';
import { stashedNotice } from './lib/notice';
import { getUserToken, hasSessionHint, listenToOtherTabs } from './lib/session';

// The entry of the landing page (/), which the build renders to HTML (prerender.tsx), so it
// paints before this runs; here React takes that HTML over. The rest of the app has its own entry.

// A session from before a reload: plan its refresh again (at once if it is about to expire). A tab
// without one asks for a token if the browser holds the session hint, so the header shows the
// signed-in state in every tab (decision 023). The refresh code stays out of the first download.
const resume = () =>
  import('./lib/session-refresh')
    .then((module) => module.resumeSession())
    // Offline or mid-deploy: the header stays as it is; the next page load asks again.
    .catch(() => undefined);
if (getUserToken() || hasSessionHint()) void resume();
// A sign-out in another tab turns this header back at once; a sign-in there turns it over too.
listenToOtherTabs(() => void resume());

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);
// A notice parked before a reload (after signing out here) is not in the prerendered HTML; taking
// that HTML over would not match, so in that rare case the page is drawn afresh instead. (Reading
// it keeps it for the page's notice, which reads it again.) A page in Spanish first fetches its
// Spanish words, hidden meanwhile by the page's language gate, and a page drawn afresh its
// sections below the first screen; an English page is taken over without waiting for either.
void loadInitialWords().then(() =>
  takeOverPage(container, app, stashedNotice() !== null, preloadLandingPage),
);
