import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
 * Tend's look (the app adds its data cache: app-providers.tsx). The landing page needs only this: it has no server data, so its first download
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
