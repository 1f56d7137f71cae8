import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './providers';
import { routes } from './router';

/**
 * A page of the app rendered to HTML at build time, for the pages people open directly before
 * signing in (/sign-in), so they paint before the app's code has run; main.tsx then hydrates it
 * with the real router. The route table is the app's own, so the two render the same tree.
 */
export async function renderAppPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  // Loads the page's lazy route modules, as the browser's router will before hydrating.
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; nothing to render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <Providers>
        {/* hydrate={false}: no inline script with the router's state (the CSP allows none); the
            pages rendered here have no loaders, so there is no state to hand over. */}
        <Suspense fallback={null}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Suspense>
      </Providers>
    </StrictMode>
  );
  // As for the landing page: the first pass loads the lazy parts, the second renders them whole.
  await prerender(page);
  const html = renderToString(page);
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error(`A part of ${pathname} was still loading when it was rendered.`);
  }
  return html;
}
