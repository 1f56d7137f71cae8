import { Outlet, ScrollRestoration } from 'react-router';
import { RouterNavigation } from '../router-navigation';

/** Wraps every route: new pages open at the top, Back returns to where the person was. */
export function RootLayout() {
  return (
    <RouterNavigation>
      <Outlet />
      {/* Keyed by path and hash: the landing page's section links are plain in-page anchors,
          whose history entries the router did not create, and Back should still land right. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.hash} />
    </RouterNavigation>
  );
}
