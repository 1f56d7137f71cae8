import { Box } from '@mantine/core';
import { BrandLogo } from '../components/brand-logo';
import { RouteLoading } from '../components/route-loading';

/**
 * What the app's page (app.html) shows before the app's code has run: the build renders it into
 * the page (prerender.tsx), so a first load into an area paints at once instead of after the whole
 * app has arrived and run. The bar every page has, with the brand, over the loading spinner the
 * app itself shows first; React draws over it. Nothing in it works before then, so it holds no
 * link or button.
 */
export function AppPlaceholder() {
  return (
    <>
      <Box
        component="header"
        h={64}
        px="md"
        style={{
          display: 'flex',
          alignItems: 'center',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <BrandLogo />
      </Box>
      <RouteLoading />
    </>
  );
}
