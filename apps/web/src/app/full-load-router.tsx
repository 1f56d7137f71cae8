import type { ReactNode } from 'react';
import { createPath, Router, type Location, type Navigator, type To } from 'react-router';
import { RouterNavigation } from './router-navigation';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * A full page load of `to` that keeps the navigation's state (an email typed on sign-in for the
 * "Forgot password?" page, a notice): the state goes into the history entry the way the app's
 * router keeps it, and the page that loads there finds it (main.tsx then draws that page afresh).
 */
function loadWithState(to: To, state: unknown, mode: 'push' | 'replace') {
  const current = window.history.state as { idx?: unknown } | null;
  const idx = typeof current?.idx === 'number' ? current.idx : 0;
  const key = Math.random().toString(36).slice(2, 10);
  const entry = { usr: state, key, idx: mode === 'push' ? idx + 1 : idx };
  if (mode === 'push') window.history.pushState(entry, '', href(to));
  else window.history.replaceState(entry, '', href(to));
  window.location.reload();
}

/**
 * Every navigation is a full page load: sign-in's own page leaves the app's data router (and the
 * code of every other page) out of its first download, and the page it opens loads its own.
 */
const fullLoadNavigator: Navigator = {
  createHref: href,
  push: (to, state) =>
    state == null ? window.location.assign(href(to)) : loadWithState(to, state, 'push'),
  replace: (to, state) =>
    state == null ? window.location.replace(href(to)) : loadWithState(to, state, 'replace'),
  go: (delta) => window.history.go(delta),
};

/**
 * Gives sign-in's page, rendered outside the app's router, what its form (React Router's <Link>,
 * <Navigate>, useNavigate) and the shared header, footer and notice (RouterNavigation) need: the
 * one location it was built for (with the state its history entry holds, if any). The landing
 * page, whose parts need only links, does without a router (full-load-navigation.tsx).
 */
export function FullLoadRouter({
  location,
  children,
}: {
  location: string | Partial<Location>;
  children: ReactNode;
}) {
  return (
    <Router location={location} navigator={fullLoadNavigator}>
      <RouterNavigation>{children}</RouterNavigation>
    </Router>
  );
}
