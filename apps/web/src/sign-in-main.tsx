import './app/zod-without-eval';
import './app/sign-in-styles';
import { StrictMode } from 'react';
import { createQueryClient } from './app/providers';
import { SignInApp } from './app/sign-in-app';
import { takeOverPage } from './app/take-over-page';
import { loadInitialWords } from './i18n/i18n';
import { stashedNotice } from './lib/notice';
import { registerServiceWorkerAfterLoad } from './lib/register-service-worker';
import { resumeSessionOnStart } from './lib/session-refresh';

// The entry of the sign-in page (/sign-in) when it is opened directly: the build renders it to
// HTML (prerender.tsx), so it paints before this runs, and here React takes that HTML over. The
// app (main.tsx) is loaded only once the person has signed in and moves to their area; a move to
// /sign-in from inside the app stays in the app and shows the same page from its route table.

// Someone already signed in (a new tab, Back, a bookmark) is sent on to their area or the page
// `?next=` names, as soon as the session is theirs: the page follows it. A tab without a token asks
// for one on the browser's session hint, as the app does (decision 023); the refresh code is part
// of this page anyway, since signing in starts the refresh.
resumeSessionOnStart();
// Installable, and today's checklist offline (DESIGN, "Interop and reach").
registerServiceWorkerAfterLoad();

const container = document.getElementById('root');
if (!container) throw new Error('sign-in.html has no #root element');

// A reloaded history entry may carry state the HTML cannot know (an email, a notice), as may a
// notice parked before a reload (read again by the page's notice): then the page is drawn afresh.
// The query (`?next=`, the page to go to after signing in) changes nothing drawn, only where the
// page goes once signed in.
const state = (window.history.state as { usr?: unknown } | null)?.usr;
const { search, hash } = window.location;
const app = (
  <StrictMode>
    <SignInApp
      queryClient={createQueryClient()}
      location={{ pathname: '/sign-in', search, hash, state }}
    />
  </StrictMode>
);
// A page in Spanish first fetches the Spanish words of the shell (hidden meanwhile by its language
// gate); in English nothing is waited for.
void loadInitialWords().then(() =>
  takeOverPage(container, app, state != null || stashedNotice() !== null),
);
