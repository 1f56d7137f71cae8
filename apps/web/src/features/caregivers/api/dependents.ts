import {
  caregivingSchema,
  dependentInvitationSentSchema,
  type Caregiving,
  type DependentInput,
} from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/api-hooks';
import { caregiverKeys } from './keys';

/** POST /api/v1/dependents: someone without a sign-in, looked after with every area (decision 051). */
export const addDependent = (body: DependentInput): Promise<Caregiving> =>
  apiRequest('/dependents', { method: 'POST', body, schema: caregivingSchema });

/** POST /api/v1/dependents/{id}/invite: their own sign-in, sent to the address given. */
export const inviteDependent = ({ id, email }: { id: string; email: string }) =>
  apiRequest(`/dependents/${encodeURIComponent(id)}/invite`, {
    method: 'POST',
    body: { email },
    schema: dependentInvitationSentSchema,
  });

export const useAddDependent = () => useRefreshingMutation(addDependent, [caregiverKeys.all]);
export const useInviteDependent = () => useRefreshingMutation(inviteDependent, [caregiverKeys.all]);
