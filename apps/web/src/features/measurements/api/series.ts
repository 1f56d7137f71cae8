import { seriesSchema, type MeasurementKind, type Series, type SeriesBucket } from '@tend/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isLiveRefetch } from '../../../lib/live-refetch';
import { listPath } from '../../../lib/paged-list';
import { measurementKeys } from './keys';

/**
 * The spans a chart shows, each with the bucket that keeps it to a readable number of points; each
 * is named in the catalog as `chart.spans.<key>`.
 */
export const CHART_RANGES = {
  '7d': { days: 7, bucket: 'day' },
  '30d': { days: 30, bucket: 'day' },
  '90d': { days: 90, bucket: 'day' },
  '1y': { days: 365, bucket: 'week' },
} as const satisfies Record<string, { days: number; bucket: SeriesBucket }>;
export type ChartRange = keyof typeof CHART_RANGES;

/**
 * GET /api/v1/measurements/series: the readings of one kind over the span up to now, as buckets
 * (min, max, mean, count) cut in the patient's time zone: a year answers in tens of points.
 */
export function fetchSeries(
  patientId: string | null,
  kind: MeasurementKind,
  range: ChartRange,
  signal?: AbortSignal,
  liveRefresh = false,
): Promise<Series> {
  const { days, bucket } = CHART_RANGES[range];
  const from = new Date(Date.now() - days * 86_400_000).toISOString();
  return apiRequest(
    listPath('/measurements/series', null, {
      patientId: patientId ?? undefined,
      kind,
      from,
      bucket,
    }),
    { schema: seriesSchema, signal, liveRefresh },
  );
}

export function useSeries(patientId: string | null, kind: MeasurementKind, range: ChartRange) {
  return useQuery({
    queryKey: measurementKeys.series(patientId, kind, range),
    queryFn: ({ queryKey, signal }) =>
      fetchSeries(patientId, kind, range, signal, isLiveRefetch(queryKey)),
    // Switching the span keeps the last chart in place until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
