import { myAdherenceSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getQuery } from '../../../lib/api-hooks';
import { medicationKeys } from './keys';

export type MyAdherence = z.infer<typeof myAdherenceSchema>;

/** GET /api/v1/medications/adherence?days=: doses taken / due over the last days, ending today. */
export const useMyAdherence = (days: number) =>
  useQuery(
    getQuery(
      medicationKeys.adherence(days),
      `/medications/adherence?days=${days}`,
      myAdherenceSchema,
    ),
  );
