import { caregivingListSchema, type Caregiving } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { caregiverKeys } from './keys';

/** GET /api/v1/caregivers: the patient's caregivers and open invitations, a page at a time. */
export const myCaregiversQuery = pagedQuery(
  caregiverKeys.mine,
  '/caregivers',
  caregivingListSchema,
  { as: 'patient' },
);

/** GET /api/v1/caregivers?as=caregiver: the people the person cares for, and invitations to them. */
export const caringForQuery = pagedQuery(
  caregiverKeys.caringFor,
  '/caregivers',
  caregivingListSchema,
  { as: 'caregiver' },
);

const flatten = (data: { pages: { caregivers: Caregiving[] }[] }) =>
  data.pages.flatMap((page) => page.caregivers);

export function useMyCaregivers() {
  return useInfiniteQuery({ ...myCaregiversQuery, select: flatten });
}

/** `enabled: false` for someone who cannot care for anyone (signed out, not a patient). */
export function useCaringFor({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...caringForQuery, select: flatten, enabled });
}
