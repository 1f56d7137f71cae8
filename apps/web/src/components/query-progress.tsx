import { Loader } from '@mantine/core';
import { QueryError } from './query-error';

/** The part of a query result that its loading and failure need. */
type LoadingQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

type Props = {
  query: LoadingQuery;
  /** The spinner's name for screen readers ("Loading your medications"). */
  loading: string;
  /** The failure's title ("Your medications could not be loaded"). */
  failed: string;
};

/**
 * A query's first load as a spinner, and its failure in words with Try again; what it found is the
 * caller's to show.
 */
export function QueryProgress({ query, loading, failed }: Props) {
  return (
    <>
      {query.isPending && <Loader aria-label={loading} />}
      {query.isError && query.error && (
        <QueryError title={failed} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}
