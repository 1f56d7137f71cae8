import { patientListSchema, type LinkedPatient } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { reportKeys } from './keys';

const byName = (a: LinkedPatient, b: LinkedPatient) =>
  a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname);

/**
 * GET /api/v1/patients: the patients linked to this doctor, a page at a time; every page loaded so
 * far, by name: the doctor picks whose reports to open.
 */
export function useLinkedPatients() {
  return useInfiniteQuery({
    ...pagedQuery(reportKeys.patients, '/patients', patientListSchema),
    select: (data) => data.pages.flatMap((page) => page.patients).sort(byName),
  });
}
