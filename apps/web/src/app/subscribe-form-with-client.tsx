import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { DisabledUntilHydrated } from '../components/disabled-until-hydrated';
import { SubscribeForm } from '../features/subscriptions/components/subscribe-form';

/**
 * The footer's subscribe form on every public page. Inside the app it uses the app's query client;
 * the landing page has none (it keeps the query cache out of its first download), so there the
 * form, which arrives in a chunk of its own, brings one.
 */
export function SubscribeFormWithClient() {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(
    () => appClient ?? new QueryClient({ defaultOptions: { mutations: { retry: false } } }),
  );
  // Prerendered with the landing and sign-in pages: usable once React runs it.
  const form = (
    <DisabledUntilHydrated>
      <SubscribeForm />
    </DisabledUntilHydrated>
  );
  if (appClient) return form;
  return <QueryClientProvider client={ownClient}>{form}</QueryClientProvider>;
}
