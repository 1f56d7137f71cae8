import { useEffect } from 'react';
import { useMe } from '../lib/me';
import { setLanguage } from './i18n';

/**
 * Signed in, the profile's language is the person's: a pick made on another device, or at sign-up,
 * is followed here as soon as the profile arrives (and kept on this device for the next visit).
 */
export function useProfileLanguage(): void {
  const language = useMe().data?.language;
  useEffect(() => {
    // Its words not fetched (offline): the page stays in its language until the next load.
    if (language) setLanguage(language).catch(() => undefined);
  }, [language]);
}
