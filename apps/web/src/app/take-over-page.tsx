import { startTransition, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLanguage } from '../i18n/i18n';

/**
 * React takes over a page the build rendered to HTML (the landing page, sign-in). As a transition,
 * hydration runs in slices of a few milliseconds with the browser let in between, instead of in
 * tasks as long as the page; and it starts in a task of its own, after the one that ran the page's
 * code. With `drawAfresh` (the page will not match its HTML: a notice parked before a reload, a
 * reloaded history entry's state, or a language other than the English the build renders in) React
 * draws the page itself instead, once `lazyParts` (the parts whose code comes in files of their
 * own, which would otherwise be drawn empty at first) have come or failed to.
 */
export async function takeOverPage(
  container: HTMLElement,
  app: ReactNode,
  drawAfresh: boolean,
  lazyParts?: () => Promise<unknown>,
): Promise<void> {
  if (drawAfresh || currentLanguage() !== 'en') {
    // Should they fail, each is fetched once more as it is drawn, and stays empty if that fails
    // too: the rest of the page stands.
    await lazyParts?.().catch(() => undefined);
    // At once, so the page's inline script (LANGUAGE_GATE_SCRIPT in @tend/shared), which hides a
    // page about to be drawn in another language lest its English show for a moment, can be
    // undone as soon as the page stands in its own language.
    flushSync(() => createRoot(container).render(app));
    document.documentElement.style.visibility = '';
    return;
  }
  // The HTML stands as it is. (Hidden only if the page was to be Spanish but its words could not be
  // fetched, and it opened in English instead: loadInitialWords.)
  document.documentElement.style.visibility = '';
  setTimeout(() => startTransition(() => void hydrateRoot(container, app)), 0);
}
