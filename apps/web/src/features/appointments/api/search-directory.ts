import { doctorCardSchema } from '@tend/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './keys';

/**
 * A directory card. The review and slot figures are read when the server sends them; a server
 * that does not (yet) is shown without them rather than with made-up zeros.
 */
const directoryDoctorSchema = doctorCardSchema.partial({
  rating: true,
  reviewcount: true,
  recommendpercent: true,
  availabletoday: true,
  nextslot: true,
});
export type DirectoryDoctor = z.infer<typeof directoryDoctorSchema>;

const directoryPageSchema = z.object({
  doctors: z.array(directoryDoctorSchema),
  nextCursor: z.string().nullable().optional(),
});

/** GET /api/v1/doctors?q=&specialty=: directory cards with ratings and the next free slot. */
export async function searchDirectory(
  q: string,
  specialty: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ doctors: DirectoryDoctor[]; nextCursor: string | null }> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (specialty) params.set('specialty', specialty);
  if (cursor) params.set('cursor', cursor);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const page = await apiRequest(`/doctors${search}`, { schema: directoryPageSchema, signal });
  return { doctors: page.doctors, nextCursor: page.nextCursor ?? null };
}

export function useDirectory(q: string, specialty: string) {
  return useInfiniteQuery({
    queryKey: appointmentKeys.directory(q, specialty),
    queryFn: ({ pageParam, signal }) => searchDirectory(q, specialty, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.doctors),
    // The last results stay on screen while the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
