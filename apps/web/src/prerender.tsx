import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { AppPlaceholder } from './app/app-placeholder';
import { LandingApp } from './app/landing-app';
import { createQueryClient, ThemeProvider } from './app/providers';
import { SignInApp } from './app/sign-in-app';

// What the build (scripts/build-web.ts) renders to HTML: the pages with entries of their own, the
// landing page (landing-main.tsx) and sign-in (sign-in-main.tsx), from the trees they hydrate; and
// the placeholder the app's page shows until the app draws over it (docs/decisions/024-*.md).

/**
 * A page's HTML. The first pass waits for the lazily loaded parts (the subscribe form), which
 * then stay loaded, so the second pass renders the whole page at once: plain HTML with no inline
 * script to reveal late parts (the Content Security Policy allows none but the language gate's,
 * LANGUAGE_GATE_SCRIPT in @tend/shared) and nothing that shifts
 * when the page hydrates.
 */
async function renderPage(name: string, page: ReactNode): Promise<string> {
  await prerender(page);
  const html = renderToString(page);
  // A part still waiting would be sent as its placeholder and drawn again in the browser.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error(`A part of ${name} was still loading when it was rendered.`);
  }
  return html;
}

export function renderLanding(): Promise<string> {
  return renderPage(
    'the landing page',
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
}

export function renderSignIn(): Promise<string> {
  return renderPage(
    'the sign-in page',
    <StrictMode>
      <SignInApp queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

/** Not hydrated: the app (main.tsx) renders afresh into the element, replacing it. */
export function renderAppPlaceholder(): Promise<string> {
  return renderPage(
    'the app placeholder',
    <ThemeProvider>
      <AppPlaceholder />
    </ThemeProvider>,
  );
}
