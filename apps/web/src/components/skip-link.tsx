import type { MouseEvent, ReactNode } from 'react';
import classes from './skip-link.module.css';

/** The id of every page's <main>, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

// Focus moves with the jump, so the next Tab goes on from the content rather than the header.
function focusMainContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** The first thing in a header: a link, shown once focused, straight to the page's content. */
export function SkipLink({ children }: { children: ReactNode }) {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={focusMainContent}>
      {children}
    </a>
  );
}
