import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { getUserToken, subscribeToSession } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A failed write is shown to the person at once; silently repeating it could send it twice.
      mutations: { retry: false },
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

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
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
