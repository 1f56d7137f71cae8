import type { Language, Profile } from '@tend/shared';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Keeps a signed-in person's pick in their profile, so emails, PDFs and calendar feeds follow and
 * their other devices open in it. The API client is fetched only now: the landing page's header
 * has the picker but none of the app's code.
 */
export async function saveLanguageToProfile(
  language: Language,
  queryClient: QueryClient | undefined,
): Promise<void> {
  const [{ apiRequest }, { ME_QUERY_KEY }, { profileSchema }] = await Promise.all([
    import('../lib/api-client'),
    import('../lib/me'),
    import('@tend/shared'),
  ]);
  const profile: Profile = await apiRequest('/me/update', {
    method: 'PATCH',
    body: { language },
    schema: profileSchema,
  });
  queryClient?.setQueryData(ME_QUERY_KEY, profile);
}
