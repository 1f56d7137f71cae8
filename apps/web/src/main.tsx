// All of Mantine's styles, in a CSS layer so our own styles win whichever loads last (the
// landing page's entry imports only what it uses: app/public-styles.ts).
import '@mantine/core/styles.layer.css';
import './app/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { getUserToken } from './lib/session';

// A session from before a reload: plan its refresh again (at once if it is about to expire). The
// refresh code stays out of the landing page's first download.
if (getUserToken()) {
  import('./lib/session-refresh')
    .then((module) => module.startSessionRefresh())
    // Offline or mid-deploy: the first API call that meets an expired token renews it instead.
    .catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
