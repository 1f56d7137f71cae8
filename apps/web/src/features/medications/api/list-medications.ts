import { medicationListSchema, type Medication } from '@tend/shared';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { pagedQuery } from '../../../lib/api-hooks';
import { unlessPrefetchedForPage } from '../../../lib/fresh-for-page';
import { updatePages } from '../../../lib/paged-list';
import { medicationKeys } from './keys';

export type MedicationPage = z.infer<typeof medicationListSchema>;
type MedicationPages = InfiniteData<MedicationPage>;

/**
 * GET /api/v1/medications, a page at a time in the order added, each with `taken` for today: the
 * list's query, shared by useMedications and the checklist's prefetch (app/router.tsx).
 */
export const medicationListQuery = pagedQuery(
  medicationKeys.list(),
  '/medications',
  medicationListSchema,
);

/**
 * The pages loaded so far, as one list; `fetchNextPage` adds the next ones. `live`: refetch when the
 * person comes back to the tab, so a new day's checklist starts fresh.
 */
export function useMedications({ live = false }: { live?: boolean } = {}) {
  return useInfiniteQuery({
    ...medicationListQuery,
    select: (data) => data.pages.flatMap((page) => page.medications),
    // Asked again on every visit, but not the moment the page shows a list its route has just
    // prefetched for it (lib/fresh-for-page.ts).
    refetchOnMount: unlessPrefetchedForPage,
    refetchOnWindowFocus: live,
  });
}

/** Changes the cached list where a medication appears, without waiting for a refetch. */
export function updateCachedMedications(
  queryClient: QueryClient,
  update: (medications: Medication[]) => Medication[],
) {
  queryClient.setQueryData<MedicationPages>(medicationKeys.list(), (data) =>
    updatePages(data, (page) => ({ ...page, medications: update(page.medications) })),
  );
}

export function cachedMedication(queryClient: QueryClient, id: string): Medication | undefined {
  return queryClient
    .getQueryData<MedicationPages>(medicationKeys.list())
    ?.pages.flatMap((page) => page.medications)
    .find((medication) => medication._id === id);
}
