import { accessLogSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { careKeys } from './keys';

export type AccessEvent = z.infer<typeof accessLogSchema>['events'][number];

/** GET /api/v1/me/access-log: who else looked at or changed access to this patient's data. */
export async function fetchAccessLog(signal?: AbortSignal): Promise<AccessEvent[]> {
  const { events } = await apiRequest('/me/access-log', { schema: accessLogSchema, signal });
  return events;
}

export function useAccessLog() {
  return useQuery({
    queryKey: careKeys.accessLog,
    queryFn: ({ signal }) => fetchAccessLog(signal),
  });
}
