import { measurementSummarySchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';
import { listPath } from '../../../lib/paged-list';
import { measurementKeys } from './keys';

/**
 * GET /api/v1/measurements/summary: the latest reading of each kind with its category, the BMI and
 * the targets. `patientId` for a doctor's linked patient (each look is in their access log).
 */
export const useMeasurementSummary = (patientId: string | null) =>
  useQuery(
    getQuery(
      measurementKeys.summary(patientId),
      listPath('/measurements/summary', null, { patientId: patientId ?? undefined }),
      measurementSummarySchema,
    ),
  );
