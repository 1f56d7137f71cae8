import { prescriptionListSchema, type PrescriptionList } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { prescriptionKeys } from './keys';
import { PRESCRIPTION_PAGE_SIZE } from './list-prescriptions';

/**
 * GET /api/v1/prescriptions?patientId=: what this doctor wrote for one patient who shares with
 * them, newest first (404 once the patient stops sharing). Each page is in the patient's access log.
 */
export function fetchPatientPrescriptionPage(
  patientId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PrescriptionList> {
  return apiRequest(
    listPath('/prescriptions', cursor, { patientId, limit: PRESCRIPTION_PAGE_SIZE }),
    { schema: prescriptionListSchema, signal },
  );
}

/** The pages loaded so far as one list; `fetchNextPage` adds the next. */
export function usePatientPrescriptions(patientId: string) {
  return useInfiniteQuery({
    queryKey: prescriptionKeys.ofPatient(patientId),
    queryFn: ({ pageParam, signal }) => fetchPatientPrescriptionPage(patientId, pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.prescriptions),
  });
}
