import type { Language } from '@tend/shared';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Keeps a signed-in person's pick in their profile, so emails, PDFs and calendar feeds follow and
 * their other devices open in it. The profile's code is fetched only now: the landing page's header
 * has the picker but none of the app's code (a dynamic import of the shared package itself would
 * put all of it, every schema, in the landing page's first download).
 */
export async function saveLanguageToProfile(
  language: Language,
  queryClient: QueryClient | undefined,
): Promise<void> {
  const [{ updateProfile }, { setMe }] = await Promise.all([
    import('../features/account/api/update-profile'),
    import('../lib/me'),
  ]);
  const profile = await updateProfile({ language });
  if (queryClient) setMe(queryClient, profile);
}
