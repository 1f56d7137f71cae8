import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
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
  if (appClient) return <SubscribeForm />;
  return (
    <QueryClientProvider client={ownClient}>
      <SubscribeForm />
    </QueryClientProvider>
  );
}
