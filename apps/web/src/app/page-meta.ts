import { useEffect } from 'react';
import { useAppT } from './i18n';

/**
 * The HTML pages (index.html, landing.html, sign-in.html) carry an English <title> and description,
 * as the build renders them; when the page runs in another language this puts both into it, and
 * again whenever the language changes. `withTitle` only where no page of the app sets its own
 * <title> (the landing page): a React <title> would otherwise be written over.
 */
export function usePageMeta(page: 'app' | 'public', withTitle: boolean): void {
  const { t, i18n } = useAppT();
  const language = i18n.language;
  useEffect(() => {
    if (withTitle) document.title = t(`meta.${page}Title`);
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', t(`meta.${page}Description`));
  }, [t, language, page, withTitle]);
}
