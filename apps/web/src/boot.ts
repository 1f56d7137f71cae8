import { initialLanguage } from './i18n/languages';
import { startEarlyRefresh } from './lib/early-refresh';

// The first script of the app's pages (app.html, app-area.html), a file of its own of about a
// kilobyte (docs/decisions/044-boot-script.md). It does two things before the app's own code:
// 1. A tab with no token in a browser that holds a session asks for one now, so the answer is in
//    by the time the app has arrived and run, instead of being asked for after it.
// 2. It lets the placeholder the page holds paint first, with the page's stylesheet alone on the
//    line, then fetches the app's entry and the files the page's area needs and runs the app.
//    The build names those files on this script's tag (scripts/build-web.ts).

startEarlyRefresh();

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const entry = tag?.dataset.app;
const preloads = (tag?.dataset.preload ?? '').split(' ').filter(Boolean);

function loadApp(): void {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (entry) void import(/* @vite-ignore */ entry).catch(showLoadFailure);
}

/**
 * Words in place of the spinner when the app's code cannot be fetched (offline with no copy kept, a
 * deploy mid-load): plain text, as none of the app's look has arrived to draw them with.
 */
function showLoadFailure(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const [title, advice] =
    initialLanguage() === 'es'
      ? ['Tend no ha podido cargarse', 'Compruebe la conexión y vuelva a cargar la página.']
      : ['Tend could not load', 'Check your connection and reload the page.'];
  const page = document.createElement('main');
  page.style.cssText = 'margin:25dvh 1rem;font-family:system-ui,sans-serif;text-align:center';
  const note = document.createElement('div');
  note.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.style.cssText = 'font-size:1.25rem;margin:0 0 0.5rem';
  heading.textContent = title;
  const words = document.createElement('p');
  words.style.margin = '0';
  words.textContent = advice;
  note.append(heading, words);
  page.append(note);
  const spinner = root.querySelector('[role="status"]');
  if (spinner) spinner.replaceWith(page);
  else root.append(page);
}

// A tab in the background paints nothing (and its animation frames wait until it is shown): it
// starts the app at once. requestAnimationFrame runs just before the first paint; the task after
// it runs once that frame is on screen.
if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(loadApp, 0));
} else {
  loadApp();
}
