import { pharmacyListSchema, type PharmacyList } from '@tend/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';

export type PharmacyFilter = { q: string; city: string };

/** GET /api/v1/pharmacies?q=&city=: one page of pharmacies by name, in a city if one is given. */
export function searchPharmacies(
  filter: PharmacyFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PharmacyList> {
  return apiRequest(listPath('/pharmacies', cursor, filter), {
    schema: pharmacyListSchema,
    signal,
  });
}

export function usePharmacySearch(filter: PharmacyFilter) {
  return useInfiniteQuery({
    queryKey: ['pharmacies', filter.q, filter.city] as const,
    queryFn: ({ pageParam, signal }) => searchPharmacies(filter, pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.pharmacies),
    // The last results stay on screen while the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
