import './app/zod-without-eval';
import './app/public-styles';
import { StrictMode } from 'react';
import { LandingApp } from './app/landing-app';
import { takeOverPage } from './app/take-over-page';
import { stashedNotice } from './lib/notice';
import { getUserToken } from './lib/session';

// The entry of the landing page (/), which the build renders to HTML (prerender.tsx), so it
// paints before this runs; here React takes that HTML over. The rest of the app has its own entry.

// A session from before a reload: plan its refresh again (at once if it is about to expire).
if (getUserToken()) {
  import('./lib/session-refresh')
    .then((module) => module.startSessionRefresh())
    // Offline or mid-deploy: the first API call that meets an expired token renews it instead.
    .catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);
// A notice parked before a reload (after signing out here) is not in the prerendered HTML; taking
// that HTML over would not match, so in that rare case the page is drawn afresh instead. (Reading
// it keeps it for the page's notice, which reads it again.)
takeOverPage(container, app, stashedNotice() !== null);
