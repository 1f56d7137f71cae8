import { useId } from 'react';
import { useCommonT } from '../i18n/common';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import classes from './language-select.module.css';
import { useLanguagePick } from './use-language-pick';

/**
 * The language of every page, in the page headers: the browser's own select, drawn like Mantine's
 * smallest NativeSelect by a stylesheet of ours, because Mantine's input code was about 4 kB gzip
 * of the landing page's first download and this needs none of it.
 */
export function LanguageSelect() {
  const { t } = useCommonT();
  const { value, error, onChange } = useLanguagePick();
  const errorId = useId();
  return (
    <div className={classes.root}>
      <div className={classes.field}>
        <select
          className={classes.select}
          aria-label={t('language.label')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={value}
          onChange={onChange}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        {/* Mantine's combobox chevron, so both pickers look alike. */}
        <svg className={classes.chevron} viewBox="0 0 15 15" aria-hidden="true">
          <path
            d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      </div>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
