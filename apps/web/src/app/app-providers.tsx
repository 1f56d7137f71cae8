import { IsRestoringProvider, onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import '../components/i18n';
import { clearOfflineData } from '../lib/offline-store';
import { getUserToken, onSessionEnd, subscribeToSession } from '../lib/session';
import { restoreOfflineCache } from './offline-cache';
import { usePageMeta } from './page-meta';
import { appQueryClient } from './app-query-client';
import { ThemeProvider } from './providers';

// A page opened offline: queries wait for the connection (showing the copy kept on this device)
// rather than failing at once; the query library otherwise assumes online until told.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/**
 * The look and the server-data cache, for the app behind index.html's shell (app.html). The few
 * answers today's checklist needs are also kept on this device (offline-cache.ts), so it opens
 * offline; until that copy is read, queries wait for it rather than fetch.
 */
export function Providers({ children }: { children: ReactNode }) {
  usePageMeta('app', false);
  const queryClient = appQueryClient;
  // Online nothing is read from the device (restoreOfflineCache), so queries need not wait: waiting
  // cost a whole extra render of the page before its first request went out.
  const [restoring, setRestoring] = useState(() => !navigator.onLine);

  useEffect(() => {
    let mounted = true;
    void restoreOfflineCache(queryClient).finally(() => {
      if (mounted) setRestoring(false);
    });
    // Once signed out, nothing of that person's data stays in memory in this tab,
    const stopClearing = subscribeToSession(() => {
      if (!getUserToken()) queryClient.clear();
    });
    // nor on this device: a shared computer's next person finds none of it.
    const stopForgetting = onSessionEnd(() => void clearOfflineData().catch(() => undefined));
    return () => {
      mounted = false;
      stopClearing();
      stopForgetting();
    };
  }, [queryClient]);

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
