import type { ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Every navigation is a full page load: the landing page leaves the app's router (and the code of
 * every other page) out of its first download, and the page it opens loads its own.
 */
const fullLoadNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

/**
 * Gives the shared header, footer and links (React Router's <Link>, useLocation) what they need
 * on a page rendered outside the app's router: the one location it was built for.
 */
export function FullLoadRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router location={location} navigator={fullLoadNavigator}>
      {children}
    </Router>
  );
}
