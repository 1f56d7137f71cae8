import type { InfiniteData } from '@tanstack/react-query';

/** Every list answer carries where the next page starts (null on the last page). */
export interface ListPage {
  nextCursor: string | null;
}

/** The useInfiniteQuery options every list shares: start without a cursor, follow nextCursor. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: ListPage) => last.nextCursor,
};

/** `path?…&cursor=…` with the parameters that are set. */
export function listPath(
  path: string,
  cursor: string | null,
  params: Record<string, string | number | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (cursor) search.set('cursor', cursor);
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}

/** Changes the items of every loaded page in place of a refetch (optimistic updates, removals). */
export function updatePages<Page>(
  data: InfiniteData<Page> | undefined,
  update: (page: Page) => Page,
): InfiniteData<Page> | undefined {
  return data && { ...data, pages: data.pages.map(update) };
}
