import { lazy, Suspense, useState } from 'react';
import { noticeFromState, stashedNotice } from '../lib/notice';
import type { NoticeAlertProps } from './notice-alert';
import { useSiteNavigation } from './site-navigation';

// Most page views carry no notice, so the alert's code is fetched only when one is to be shown.
const NoticeAlert = lazy(() =>
  import('./notice-alert').then((module) => ({ default: module.NoticeAlert })),
);

type Props = Pick<NoticeAlertProps, 'asRegion' | 'mb'> & {
  /** Also show a notice parked before a full reload (only layouts that can follow one need it). */
  withStashed?: boolean;
};

/**
 * The message another page left for this one (navigation state), shown until dismissed or until
 * the person moves on. A parked notice shows only on the page the reload landed on.
 */
export function PageNotice({ withStashed = false, ...alertProps }: Props) {
  const { pathname, state, clearState } = useSiteNavigation();
  const [stashed] = useState(() =>
    withStashed ? { notice: stashedNotice(), path: pathname } : null,
  );
  const [stashDismissed, setStashDismissed] = useState(false);

  // Moving to another page retires a parked notice for good (state adjusted during render).
  if (stashed?.notice && !stashDismissed && stashed.path !== pathname) {
    setStashDismissed(true);
  }
  const fromState = noticeFromState(state);
  const fromStash = stashDismissed ? null : (stashed?.notice ?? null);
  const notice = fromState ?? fromStash;
  if (!notice) return null;

  const dismiss = () => {
    if (fromState) {
      // Drop it from history too, so Back or a reload does not bring it back.
      clearState();
    } else {
      setStashDismissed(true);
    }
  };

  return (
    <Suspense fallback={null}>
      <NoticeAlert notice={notice} onDismiss={dismiss} {...alertProps} />
    </Suspense>
  );
}
