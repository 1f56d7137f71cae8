import {
  caregivingSchema,
  type CaregiverInvite,
  type CaregiverPatch,
  type Caregiving,
} from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/api-hooks';
import { caregiverKeys, caregiverPath } from './keys';

/** POST /api/v1/caregivers: 201 with the invitation (the same whether the address has an account). */
export const inviteCaregiver = (body: CaregiverInvite): Promise<Caregiving> =>
  apiRequest('/caregivers', { method: 'POST', body, schema: caregivingSchema });

/** PATCH /api/v1/caregivers/{id}: the patient's areas and delay, or the caregiver's own alerts. */
export const changeCaregiver = ({ id, ...body }: CaregiverPatch & { id: string }) =>
  apiRequest(caregiverPath(id), { method: 'PATCH', body, schema: caregivingSchema });

/** DELETE /api/v1/caregivers/{id}: either side ends it at once (204). */
export async function endCaregiving(id: string): Promise<void> {
  await apiRequest(caregiverPath(id), { method: 'DELETE' });
}

type Answer = { id: string; token?: string };

/** POST /api/v1/caregivers/{id}/accept, with the emailed link's token when opened from it. */
export const acceptInvitation = ({ id, token }: Answer) =>
  apiRequest(`${caregiverPath(id)}/accept`, {
    method: 'POST',
    body: token ? { token } : {},
    schema: caregivingSchema,
  });

/** POST /api/v1/caregivers/{id}/decline (204): the invitation is gone. */
export async function declineInvitation({ id, token }: Answer): Promise<void> {
  await apiRequest(`${caregiverPath(id)}/decline`, {
    method: 'POST',
    body: token ? { token } : {},
  });
}

// Every change refreshes both lists: one person can be on both sides.
const both = [caregiverKeys.all];
export const useInviteCaregiver = () => useRefreshingMutation(inviteCaregiver, both);
export const useChangeCaregiver = () =>
  useRefreshingMutation(changeCaregiver, both, { alsoOnFailure: true });
export const useEndCaregiving = () =>
  useRefreshingMutation(endCaregiving, both, { alsoOnFailure: true });
export const useAcceptInvitation = () => useRefreshingMutation(acceptInvitation, both);
export const useDeclineInvitation = () =>
  useRefreshingMutation(declineInvitation, both, { alsoOnFailure: true });
