import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { LandingApp } from './app/landing-app';

const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);

/**
 * The landing page's HTML, for the build (scripts/build-web.ts). The first pass waits for the
 * lazily loaded parts (the subscribe form), which then stay loaded, so the second pass renders
 * the whole page at once: plain HTML with no inline script to reveal late parts (the Content
 * Security Policy allows none) and nothing that shifts when the page hydrates.
 */
export async function renderLanding(): Promise<string> {
  await prerender(app);
  const html = renderToString(app);
  // A part still waiting would be sent as its placeholder and drawn again in the browser.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error('A part of the landing page was still loading when it was rendered.');
  }
  return html;
}
