import {
  measurementListSchema,
  measurementSchema,
  type Measurement,
  type MeasurementCreate,
  type MeasurementKind,
} from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pagedQuery, sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { measurementKeys } from './keys';

export const READINGS_PAGE_SIZE = 20;

/**
 * GET /api/v1/measurements: pages of readings, newest first, of one kind or all; the pages loaded
 * so far as one list, `fetchNextPage` adds the next.
 */
export function useReadings(patientId: string | null, kind: MeasurementKind | '') {
  return useInfiniteQuery({
    ...pagedQuery(measurementKeys.list(patientId, kind), '/measurements', measurementListSchema, {
      patientId: patientId ?? undefined,
      kind,
      limit: READINGS_PAGE_SIZE,
    }),
    select: (data) => data.pages.flatMap((page) => page.measurements),
  });
}

/**
 * POST /api/v1/measurements: 201 with the reading as stored (canonical units). Tiles, charts and
 * lists of the patient all refresh.
 */
const recordReading = sendTo<MeasurementCreate, Measurement>(
  'POST',
  '/measurements',
  measurementSchema,
);

export const useRecordReading = () => useRefreshingMutation(recordReading, [measurementKeys.all]);

/** DELETE /api/v1/measurements/{id}: only whoever recorded it. */
async function deleteReading(id: string): Promise<void> {
  await apiRequest(`/measurements/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteReading = () => useRefreshingMutation(deleteReading, [measurementKeys.all]);
