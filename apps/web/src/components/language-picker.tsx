import { NativeSelect } from '@mantine/core';
import { useCommonT } from '../i18n/common';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { useLanguagePick } from './use-language-pick';

/**
 * The language of every page as a labelled field: in the phone menus and in Profile Settings (the
 * page headers have the compact LanguageSelect).
 */
export function LanguagePicker({
  description,
}: {
  /** Words under the label in place of the usual ones. */
  description?: string;
}) {
  const { t } = useCommonT();
  const pick = useLanguagePick();
  return (
    <NativeSelect
      size="sm"
      label={t('language.label')}
      description={description ?? t('language.description')}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      {...pick}
    />
  );
}
