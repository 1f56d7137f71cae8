import { prescriptionListSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { prescriptionKeys } from './keys';
import { PRESCRIPTION_PAGE_SIZE } from './list-prescriptions';

/**
 * GET /api/v1/prescriptions?patientId=: what this doctor wrote for one patient who shares with
 * them, newest first (404 once the patient stops sharing). Each page is in the patient's access log.
 * The pages loaded so far as one list; `fetchNextPage` adds the next.
 */
export function usePatientPrescriptions(patientId: string) {
  return useInfiniteQuery({
    ...pagedQuery(prescriptionKeys.ofPatient(patientId), '/prescriptions', prescriptionListSchema, {
      patientId,
      limit: PRESCRIPTION_PAGE_SIZE,
    }),
    select: (data) => data.pages.flatMap((page) => page.prescriptions),
  });
}
