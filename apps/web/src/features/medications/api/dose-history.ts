import { doseHistorySchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { medicationKeys, medicationPath } from './keys';

export type DoseHistory = z.infer<typeof doseHistorySchema>;

/** GET /api/v1/medications/{id}/doses: the recorded doses of the last 30 days (by default). */
export function fetchDoseHistory(id: string, signal?: AbortSignal): Promise<DoseHistory> {
  return apiRequest(`${medicationPath(id)}/doses`, { schema: doseHistorySchema, signal });
}

export function useDoseHistory(id: string) {
  return useQuery({
    queryKey: medicationKeys.doses(id),
    queryFn: ({ signal }) => fetchDoseHistory(id, signal),
  });
}
