import { Text } from '@mantine/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCommonT } from '../i18n/common';
import { LoadMoreButton } from './load-more-button';
import { QueryProgress } from './query-progress';
import { PlainList } from './plain-list';

type Props<T extends { _id: string }> = {
  /** A directory search, its pages flattened into one list by `select`. */
  query: UseInfiniteQueryResult<T[]>;
  /** What the entries are, plural: "Doctors", "Pharmacies" (the list's name and the messages'). */
  noun: string;
  /** Shown when the search found nothing, saying what to try instead. */
  noMatch: string;
  /** One entry, as an `<li>`. */
  renderItem: (item: T) => ReactNode;
};

/**
 * The answer part of a directory search (doctors, pharmacies): loading, why it failed, nothing
 * found, the list, and Load more. The last results stay while the next ones arrive, marked busy.
 */
export function DirectoryResults<T extends { _id: string }>({
  query,
  noun,
  noMatch,
  renderItem,
}: Props<T>) {
  const { t } = useCommonT();
  const lower = noun.toLowerCase();
  return (
    <>
      <QueryProgress
        query={query}
        loading={t('directory.loading', { noun: lower })}
        failed={t('directory.failed', { noun: lower })}
      />
      {query.isSuccess && query.data.length === 0 && <Text>{noMatch}</Text>}
      {query.isSuccess && query.data.length > 0 && (
        <PlainList gap="sm" aria-label={noun} aria-busy={query.isPlaceholderData}>
          {query.data.map(renderItem)}
        </PlainList>
      )}
      <LoadMoreButton query={query} label={t('directory.loadMore', { noun: lower })} />
    </>
  );
}
