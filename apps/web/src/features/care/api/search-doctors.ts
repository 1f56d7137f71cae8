import { doctorListSchema } from '@tend/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { careKeys } from './keys';

type DoctorPage = z.infer<typeof doctorListSchema>;

/** GET /api/v1/doctors?q=: one page of registered doctors whose name, specialty or location matches. */
export function searchDoctors(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DoctorPage> {
  return apiRequest(listPath('/doctors', cursor, { q }), { schema: doctorListSchema, signal });
}

export function useDoctorSearch(q: string) {
  return useInfiniteQuery({
    queryKey: careKeys.doctors(q),
    queryFn: ({ pageParam, signal }) => searchDoctors(q, pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.doctors),
    // The last results stay on screen while the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
