import { pharmacyListSchema } from '@tend/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';

export type PharmacyFilter = { q: string; city: string };

/** GET /api/v1/pharmacies?q=&city=: pages of pharmacies by name, in a city if one is given. */
export function usePharmacySearch(filter: PharmacyFilter) {
  return useInfiniteQuery({
    ...pagedQuery(
      ['pharmacies', filter.q, filter.city] as const,
      '/pharmacies',
      pharmacyListSchema,
      filter,
    ),
    select: (data) => data.pages.flatMap((page) => page.pharmacies),
    // The last results stay on screen while the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
