import { doctorListSchema } from '@tend/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { careKeys } from './keys';

/** GET /api/v1/doctors?q=: pages of registered doctors whose name, specialty or location matches. */
export function useDoctorSearch(q: string) {
  return useInfiniteQuery({
    ...pagedQuery(careKeys.doctors(q), '/doctors', doctorListSchema, { q }),
    select: (data) => data.pages.flatMap((page) => page.doctors),
    // The last results stay on screen while the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
