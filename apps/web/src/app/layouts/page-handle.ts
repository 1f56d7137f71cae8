import { useMatches } from 'react-router';

/** What a page tells the frame of its area, as its route's `handle`. */
export interface PageHandle {
  /**
   * The page has a labelled language field of its own (Profile Settings, where the language is one
   * of the person's settings): the header leaves its compact picker out, so the page shows one.
   */
  languageInPage?: boolean;
}

export const LANGUAGE_IN_PAGE: PageHandle = { languageInPage: true };

/** Whether the page open now has its own language field (decision 034: one picker on a page). */
export function usePageHasLanguage(): boolean {
  return useMatches().some((match) => (match.handle as PageHandle | undefined)?.languageInPage);
}
