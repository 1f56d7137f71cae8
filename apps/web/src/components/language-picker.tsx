import { NativeSelect } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useCommonT } from '../i18n/common';
import { currentLanguage, setLanguage } from '../i18n/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { saveLanguageToProfile } from '../i18n/save-language';
import { getUserToken } from '../lib/session';

/**
 * The language of every page, in the header and in Profile Settings. Before sign-in the choice is
 * kept on this device; once signed in it is saved to the profile too, at once, apart from any
 * form it sits in.
 */
export function LanguagePicker({
  size = 'xs',
  description,
}: {
  size?: 'xs' | 'sm';
  /** With size "sm", words under the label in place of the usual ones. */
  description?: string;
}) {
  const { t } = useCommonT();
  // Outside the app (the landing page, sign-in) there is no query cache to update.
  const queryClient = useContext(QueryClientContext);
  // What went wrong with the last pick: Spanish's words not fetched (nothing changed), or the
  // profile not saved (the page switched all the same).
  const [failed, setFailed] = useState<'notLoaded' | 'notSaved' | null>(null);

  return (
    <NativeSelect
      size={size}
      label={size === 'sm' ? t('language.label') : undefined}
      aria-label={size === 'sm' ? undefined : t('language.label')}
      description={size === 'sm' ? (description ?? t('language.description')) : undefined}
      error={failed ? t(`language.${failed}`) : undefined}
      value={currentLanguage()}
      onChange={(event) => {
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
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
    />
  );
}
