import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client';
import { isLiveRefetch } from './live-refetch';
import { cursorPaging, listPath, type ListPage } from './paged-list';

// What most endpoints of features/*/api/ are made of: a GET cached under a key, a list read a page
// at a time, and a change that sends a body and then refreshes (or replaces) what is cached. Each
// endpoint's file names its path, schema and keys; the calls themselves are written here once.

type ListParams = Record<string, string | number | undefined>;
type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** useQuery's options for GET `path`: the answer checked with `schema`, cached under `queryKey`. */
export function getQuery<Answer, Key extends QueryKey>(
  queryKey: Key,
  path: string,
  schema: z.ZodType<Answer>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ queryKey: key, signal }) =>
      apiRequest(path, { schema, signal, liveRefresh: isLiveRefetch(key) }),
  });
}

/**
 * useInfiniteQuery's options for a list read a page at a time: GET `path` with `params` and the
 * cursor of the page before, each page checked with `schema`.
 */
export function pagedQuery<Page extends ListPage, Key extends QueryKey>(
  queryKey: Key,
  path: string,
  schema: z.ZodType<Page>,
  params?: ListParams,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ queryKey: key, pageParam, signal }) =>
      apiRequest(listPath(path, pageParam, params), {
        schema,
        signal,
        liveRefresh: isLiveRefetch(key),
      }),
    ...cursorPaging,
  });
}

/** A call sending its argument as the body of `method path`, the answer checked with `schema`. */
export function sendTo<Body, Answer>(
  method: WriteMethod,
  path: string,
  schema: z.ZodType<Answer>,
): (body: Body) => Promise<Answer>;
/** The same for an endpoint that answers nothing worth reading (204). */
export function sendTo<Body>(method: WriteMethod, path: string): (body: Body) => Promise<void>;
export function sendTo<Body, Answer>(
  method: WriteMethod,
  path: string,
  schema?: z.ZodType<Answer>,
): (body: Body) => Promise<Answer | void> {
  if (schema) return (body) => apiRequest(path, { method, body, schema });
  return async (body) => {
    await apiRequest(path, { method, body });
  };
}

/**
 * A mutation after which the queries under each of `keys` are fetched again, one after the other; it
 * is over once they are. `alsoOnFailure`: after a failure too, where one (a 409) means the thing
 * changed meanwhile, and the page should show what it is now.
 */
export function useRefreshingMutation<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  keys: readonly QueryKey[],
  { alsoOnFailure = false }: { alsoOnFailure?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    for (const queryKey of keys) await queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn,
    ...(alsoOnFailure ? { onSettled: refresh } : { onSuccess: refresh }),
  });
}

/** A mutation whose answer (what was saved, as the server now has it) is cached under `queryKey`. */
export function useCachingMutation<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
    },
  });
}
