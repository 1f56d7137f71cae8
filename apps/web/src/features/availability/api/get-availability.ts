import { availabilitySchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';
import { availabilityKeys } from './keys';

/** GET /api/v1/me/availability: the doctor's hours, slot length, days off and time zone. */
export const useAvailability = () =>
  useQuery(getQuery(availabilityKeys.mine, '/me/availability', availabilitySchema));
