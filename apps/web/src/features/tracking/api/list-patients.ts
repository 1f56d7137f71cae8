import { patientListSchema, type LinkedPatient } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { trackingKeys } from './keys';

type PatientPage = z.infer<typeof patientListSchema>;

/**
 * GET /api/v1/patients: the patients who share with this doctor, a page at a time in the order they
 * began sharing, lowest adherence first within each page.
 */
export function fetchPatientPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientPage> {
  return apiRequest(listPath('/patients', cursor), { schema: patientListSchema, signal });
}

// As the server orders each page: no doses due counts as better than any rate, then by name.
const rate = (p: LinkedPatient) =>
  p.adherence7.due === 0 ? 2 : p.adherence7.taken / p.adherence7.due;
const lowestFirst = (a: LinkedPatient, b: LinkedPatient) =>
  rate(a) - rate(b) || a.lastname.localeCompare(b.lastname);

/** Every page loaded so far, lowest adherence first across all of them. */
export function usePatients() {
  return useInfiniteQuery({
    queryKey: trackingKeys.patients,
    queryFn: ({ pageParam, signal }) => fetchPatientPage(pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.patients).sort(lowestFirst),
  });
}
