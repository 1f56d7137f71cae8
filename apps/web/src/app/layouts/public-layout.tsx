import { Box } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageNotice } from '../../components/page-notice';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';

// The form sits at the bottom of the page and brings zod and the API client with it, so it
// loads in its own chunk right after the first render instead of delaying it.
const SubscribeForm = lazy(() =>
  import('../subscribe-form-with-client').then((module) => ({
    default: module.SubscribeFormWithClient,
  })),
);

/**
 * The shared header and footer of the public pages (SPEC §2). The page is the route's outlet, or
 * `children` where there is no route table (the prerendered landing page, landing-app.tsx).
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <PageNotice withStashed asRegion />
      {children ?? <Outlet />}
      <SiteFooter
        subscribeForm={
          // Reserves the form's height so the footer does not jump when it arrives.
          <Suspense fallback={<Box mih={150} />}>
            <SubscribeForm />
          </Suspense>
        }
      />
    </Box>
  );
}
