import { myAdherenceSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { medicationKeys } from './keys';

export type MyAdherence = z.infer<typeof myAdherenceSchema>;

/** GET /api/v1/medications/adherence?days=: doses taken / due over the last days, ending today. */
export function fetchMyAdherence(days: number, signal?: AbortSignal): Promise<MyAdherence> {
  return apiRequest(`/medications/adherence?days=${days}`, { schema: myAdherenceSchema, signal });
}

export function useMyAdherence(days: number) {
  return useQuery({
    queryKey: medicationKeys.adherence(days),
    queryFn: ({ signal }) => fetchMyAdherence(days, signal),
  });
}
