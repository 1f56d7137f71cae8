import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useCommonT } from '../i18n/common';

/** The part of a useInfiniteQuery result that loading the next page needs. */
type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * "Load more" under a paged list: shown only while another page exists. A page that fails to load
 * says why in words, and the same button tries again.
 */
export function LoadMoreButton({ query, label }: { query: PagedQuery; label: string }) {
  const { t } = useCommonT();
  if (!query.hasNextPage) return null;
  return (
    <Stack gap="xs" mt="md">
      {query.isFetchNextPageError && query.error && (
        <Alert color="red" variant="light" title={t('loadMore.failed')}>
          <Text size="sm">{query.error.message}</Text>
        </Alert>
      )}
      <Center>
        <Button
          variant="default"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {label}
        </Button>
      </Center>
    </Stack>
  );
}
