import { Box } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
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
 * The shared header and footer of the public pages (SPEC §2) around `children`: the route's outlet
 * in the app, the page itself on the pages with entries of their own (landing-app.tsx,
 * sign-in-app.tsx). It imports no router, which the landing page leaves out.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <PageNotice withStashed asRegion />
      {children}
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
