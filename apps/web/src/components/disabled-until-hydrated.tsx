import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * False in the HTML the build rendered and while React takes that HTML over (hydrates it); true
 * from then on, and at once on a page React draws itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Form controls that stay disabled until React has taken over a prerendered page (a moment after
 * it paints). Before that the form is the browser's own: typing would be lost to React's empty
 * state, and a submit would be a GET with every field in the address, a password among them.
 */
export function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
