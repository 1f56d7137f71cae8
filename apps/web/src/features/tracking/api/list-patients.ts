import { patientListSchema, type LinkedPatient } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { trackingKeys } from './keys';

// As the server orders each page: no doses due counts as better than any rate, then by name.
const rate = (p: LinkedPatient) =>
  p.adherence7.due === 0 ? 2 : p.adherence7.taken / p.adherence7.due;
const lowestFirst = (a: LinkedPatient, b: LinkedPatient) =>
  rate(a) - rate(b) || a.lastname.localeCompare(b.lastname);

/**
 * GET /api/v1/patients: the patients who share with this doctor, a page at a time in the order they
 * began sharing, lowest adherence first within each page. Every page loaded so far, lowest
 * adherence first across all of them.
 */
export function usePatients() {
  return useInfiniteQuery({
    ...pagedQuery(trackingKeys.patients, '/patients', patientListSchema),
    select: (data) => data.pages.flatMap((page) => page.patients).sort(lowestFirst),
  });
}
