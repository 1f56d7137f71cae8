import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type Ref,
} from 'react';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of Tend: "/sign-in", "/#features". */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * Where the page is and how it links to others, for the parts every public page shares (header,
 * footer, notice, the landing page's sections), which import no router: inside the app and on
 * sign-in, React Router's (app/router-navigation.tsx); on the landing page, plain links that load
 * their page in full (app/full-load-navigation.tsx), so the router stays out of its first download
 * (docs/decisions/014-lean-first-load.md).
 */
export interface SiteNavigation {
  pathname: string;
  /** What the page's history entry holds (a notice, an email typed), if anything. */
  state: unknown;
  Link: ComponentType<SiteLinkProps>;
  /** Forgets the history entry's state, so Back or a reload does not bring it back. */
  clearState: () => void;
}

export const SiteNavigationContext = createContext<SiteNavigation | null>(null);

export function useSiteNavigation(): SiteNavigation {
  const navigation = useContext(SiteNavigationContext);
  if (!navigation) throw new Error('useSiteNavigation needs a SiteNavigationContext above it');
  return navigation;
}

/** A link to another page of Tend, made the way this page moves. */
export function SiteLink(props: SiteLinkProps) {
  const { Link } = useSiteNavigation();
  return <Link {...props} />;
}
