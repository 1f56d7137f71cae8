import type { ReactNode } from 'react';
import {
  SiteNavigationContext,
  type SiteLinkProps,
  type SiteNavigation,
} from '../components/site-navigation';

/** A plain link: the page it names loads in full, with its own code. */
function FullLoadLink({ to, ...anchor }: SiteLinkProps) {
  return <a href={to} {...anchor} />;
}

/**
 * The landing page's navigation: every link loads its page in full, as under sign-in's full-load
 * router, but without a router at all (React Router was about 11 kB gzip of the page's first
 * download). Its entry takes no history state over (a notice parked across a reload comes from
 * session storage instead), so there is none to forget.
 */
const LANDING: SiteNavigation = {
  pathname: '/',
  state: null,
  Link: FullLoadLink,
  clearState: () => undefined,
};

export function LandingNavigation({ children }: { children: ReactNode }) {
  return <SiteNavigationContext value={LANDING}>{children}</SiteNavigationContext>;
}
