import { patientListSchema, type LinkedPatient } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { reportKeys } from './keys';

type PatientPage = z.infer<typeof patientListSchema>;

/** GET /api/v1/patients: the patients linked to this doctor, a page at a time. */
export function fetchLinkedPatientPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientPage> {
  return apiRequest(listPath('/patients', cursor), { schema: patientListSchema, signal });
}

const byName = (a: LinkedPatient, b: LinkedPatient) =>
  a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname);

/** Every page loaded so far, by name: the doctor picks whose reports to open. */
export function useLinkedPatients() {
  return useInfiniteQuery({
    queryKey: reportKeys.patients,
    queryFn: ({ pageParam, signal }) => fetchLinkedPatientPage(pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.patients).sort(byName),
  });
}
