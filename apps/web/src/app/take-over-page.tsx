import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLanguage } from '../i18n/i18n';

/**
 * React takes over a page the build rendered to HTML (the landing page, sign-in). As a transition,
 * hydration runs in slices of a few milliseconds with the browser let in between, instead of in
 * tasks as long as the page; and it starts in a task of its own, after the one that ran the page's
 * code. With `drawAfresh` (the page will not match its HTML: a notice parked before a reload, a
 * reloaded history entry's state, or a language other than the English the build renders in) React
 * draws the page itself instead.
 */
export function takeOverPage(container: HTMLElement, app: ReactNode, drawAfresh: boolean): void {
  if (drawAfresh || currentLanguage() !== 'en') {
    createRoot(container).render(app);
    return;
  }
  setTimeout(() => startTransition(() => void hydrateRoot(container, app)), 0);
}
