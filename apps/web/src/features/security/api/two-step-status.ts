import { twoStepStatusSchema, type TwoStepStatus } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securityKeys } from './keys';

/** GET /api/v1/me/two-step: on or off, required by the clinic, recovery codes left. */
function fetchTwoStepStatus(signal?: AbortSignal): Promise<TwoStepStatus> {
  return apiRequest('/me/two-step', { schema: twoStepStatusSchema, signal });
}

/** `enabled: false` asks nothing (an invitation the person has dismissed). */
export function useTwoStepStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: securityKeys.twoStep,
    queryFn: ({ signal }) => fetchTwoStepStatus(signal),
    enabled,
  });
}
