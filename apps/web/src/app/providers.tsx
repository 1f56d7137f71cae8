import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { getUserToken, subscribeToSession } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

/** The server-data cache of the app, and of the sign-in page's own entry (sign-in-main.tsx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A failed write is shown to the person at once; silently repeating it could send it twice.
      mutations: { retry: false },
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * Tend's look. The landing page needs only this: it has no server data, so its first download
 * leaves the query cache out (see landing-app.tsx).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

/** The look and the server-data cache, for the app behind index.html's shell (app.html). */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Once signed out, nothing of that person's data stays in memory in this tab.
  useEffect(
    () =>
      subscribeToSession(() => {
        if (!getUserToken()) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
