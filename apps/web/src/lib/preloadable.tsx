import { lazy, type ComponentType } from 'react';

/**
 * A component whose code comes in a file of its own, like React's `lazy`, that can also be fetched
 * ahead: once `preload()` has brought it, it draws at once instead of suspending. Made for the
 * parts of a page the build renders to HTML: taking that HTML over, React keeps a suspended
 * part's HTML until its code comes; drawing the page afresh (another language), its entry
 * preloads the parts first, so none shows empty for a moment.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked again later (a redraw, the next preload), it is fetched again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Code that cannot be fetched (offline, a deploy in between) leaves the part waiting: its HTML
  // stays as the build rendered it, links working, rather than the error taking the page down.
  const Lazy = lazy(() =>
    preload().then(
      (component) => ({ default: component }),
      () => new Promise<never>(() => undefined),
    ),
  );
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
