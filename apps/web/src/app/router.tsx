import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { LandingPage } from '../features/landing/pages/landing-page';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';

// Every route of the app, in one table. The landing page is bundled with the entry because it
// is where most visits start; other pages should be added with `lazy` so they load on demand:
//   { path: 'sign-in', lazy: { Component: () => import('…').then((m) => m.SignInPage) } }
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/',
        element: <PublicLayout />,
        children: [{ index: true, element: <LandingPage /> }],
      },
      // SPEC §2: any other path is the 404 page.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
