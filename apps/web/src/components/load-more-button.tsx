import { Alert, Button, Center, Stack, Text } from '@mantine/core';

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
  if (!query.hasNextPage) return null;
  return (
    <Stack gap="xs" mt="md">
      {query.isFetchNextPageError && query.error && (
        <Alert color="red" variant="light" title="We could not load more">
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
