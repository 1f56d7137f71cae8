import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState, type ChangeEvent } from 'react';
import { useCommonT } from '../i18n/common';
import { currentLanguage, setLanguage } from '../i18n/i18n';
import { isLanguage } from '../i18n/languages';
import { saveLanguageToProfile } from '../i18n/save-language';
import { getUserToken } from '../lib/session';

/**
 * What the two language pickers share (the header's select, the labelled field of the menus and
 * Profile Settings): the page's language as the value, and a pick that switches every page once
 * the language's words are in. Before sign-in the choice is kept on this device; once signed in
 * it is saved to the profile too, at once, apart from any form it sits in.
 */
export function useLanguagePick() {
  const { t } = useCommonT();
  // Outside the app (the landing page, sign-in) there is no query cache to update.
  const queryClient = useContext(QueryClientContext);
  // What went wrong with the last pick: Spanish's words not fetched (nothing changed), or the
  // profile not saved (the page switched all the same).
  const [failed, setFailed] = useState<'notLoaded' | 'notSaved' | null>(null);

  return {
    value: currentLanguage(),
    error: failed ? t(`language.${failed}`) : undefined,
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const picked = event.currentTarget.value;
      if (!isLanguage(picked)) return;
      setFailed(null);
      setLanguage(picked).then(
        () => {
          if (getUserToken()) {
            saveLanguageToProfile(picked, queryClient).catch(() => setFailed('notSaved'));
          }
        },
        () => setFailed('notLoaded'),
      );
    },
  };
}
