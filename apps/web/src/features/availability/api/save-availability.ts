import { availabilitySchema, type Availability, type AvailabilityInput } from '@tend/shared';
import { sendTo, useCachingMutation } from '../../../lib/api-hooks';
import { availabilityKeys } from './keys';

/** PUT /api/v1/me/availability: replaces the whole week; answers with what was saved. */
export const saveAvailability = sendTo<AvailabilityInput, Availability>(
  'PUT',
  '/me/availability',
  availabilitySchema,
);

export const useSaveAvailability = () =>
  useCachingMutation(saveAvailability, availabilityKeys.mine);
