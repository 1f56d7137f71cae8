import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SiteNavigationContext, type SiteNavigation } from '../components/site-navigation';

/** The shared parts' links and location from React Router: the app's, and sign-in's own page's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<SiteNavigation>(
    () => ({
      pathname: location.pathname,
      state: location.state,
      Link,
      clearState: () => void navigate(location, { replace: true, state: null }),
    }),
    [location, navigate],
  );
  return <SiteNavigationContext value={navigation}>{children}</SiteNavigationContext>;
}
