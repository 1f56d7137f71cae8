import { doseHistorySchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getQuery } from '../../../lib/api-hooks';
import { medicationKeys, medicationPath } from './keys';

export type DoseHistory = z.infer<typeof doseHistorySchema>;

/** GET /api/v1/medications/{id}/doses: the recorded doses of the last 30 days (by default). */
export const useDoseHistory = (id: string) =>
  useQuery(getQuery(medicationKeys.doses(id), `${medicationPath(id)}/doses`, doseHistorySchema));
