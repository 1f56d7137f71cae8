import {
  measurementListSchema,
  measurementSchema,
  type Measurement,
  type MeasurementCreate,
  type MeasurementKind,
  type MeasurementList,
} from '@tend/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { measurementKeys } from './keys';

export const READINGS_PAGE_SIZE = 20;

/** GET /api/v1/measurements: one page of readings, newest first, of one kind or all. */
export function fetchReadingsPage(
  patientId: string | null,
  kind: MeasurementKind | '',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MeasurementList> {
  return apiRequest(
    listPath('/measurements', cursor, {
      patientId: patientId ?? undefined,
      kind,
      limit: READINGS_PAGE_SIZE,
    }),
    { schema: measurementListSchema, signal },
  );
}

/** The pages loaded so far as one list; `fetchNextPage` adds the next. */
export function useReadings(patientId: string | null, kind: MeasurementKind | '') {
  return useInfiniteQuery({
    queryKey: measurementKeys.list(patientId, kind),
    queryFn: ({ pageParam, signal }) => fetchReadingsPage(patientId, kind, pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.measurements),
  });
}

/**
 * POST /api/v1/measurements: 201 with the reading as stored (canonical units). Tiles, charts and
 * lists of the patient all refresh.
 */
export function useRecordReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeasurementCreate): Promise<Measurement> =>
      apiRequest('/measurements', { method: 'POST', body, schema: measurementSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measurementKeys.all }),
  });
}

/** DELETE /api/v1/measurements/{id}: only whoever recorded it. */
export function useDeleteReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest(`/measurements/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measurementKeys.all }),
  });
}
