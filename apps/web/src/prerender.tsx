import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { LandingApp } from './app/landing-app';

// What the build (scripts/build-web.ts) renders to HTML: the landing page, and the app's pages
// people open directly before signing in.
export { renderAppPage } from './app/render-page';

const landing = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);

/**
 * The landing page's HTML. The first pass waits for the lazily loaded parts (the subscribe form),
 * which then stay loaded, so the second pass renders the whole page at once: plain HTML with no
 * inline script to reveal late parts (the Content Security Policy allows none) and nothing that
 * shifts when the page hydrates.
 */
export async function renderLanding(): Promise<string> {
  await prerender(landing);
  const html = renderToString(landing);
  // A part still waiting would be sent as its placeholder and drawn again in the browser.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error('A part of the landing page was still loading when it was rendered.');
  }
  return html;
}
