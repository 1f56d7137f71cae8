/**
 * Installs Tend's service worker (apps/web/sw/, built into /sw.js) once the page has loaded, so
 * its precaching of the app never competes with the page's own first download. It keeps the app
 * and today's checklist usable offline and shows push reminders (browser-push.ts registers the
 * same worker when notifications are turned on). Over plain http (other than localhost) browsers
 * have no service workers: Tend then works online only, as before.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    // A refused registration (private mode, storage off) leaves the page working online as
    // before; there is nothing for the person to do about it, so it is not shown.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
