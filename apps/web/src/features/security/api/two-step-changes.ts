import { recoveryCodesSchema, twoStepSetupSchema } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securityKeys } from './keys';

/** Each change makes the status (on, codes left) stale. */
function useTwoStepMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoStep }),
  });
}

/** POST /api/v1/me/two-step/setup: a new secret and its QR code (not on until a code confirms it). */
export function useStartTwoStep() {
  return useMutation({
    mutationFn: (body: { password: string }) =>
      apiRequest('/me/two-step/setup', { method: 'POST', body, schema: twoStepSetupSchema }),
  });
}

/** POST /api/v1/me/two-step/enable: the first code turns it on; ten recovery codes. */
export function useEnableTwoStep() {
  return useTwoStepMutation((body: { code: string }) =>
    apiRequest('/me/two-step/enable', { method: 'POST', body, schema: recoveryCodesSchema }),
  );
}

/** POST /api/v1/me/two-step/disable: password and a code; 204. */
export function useDisableTwoStep() {
  return useTwoStepMutation(async (body: { password: string; code: string }) => {
    await apiRequest('/me/two-step/disable', { method: 'POST', body });
  });
}

/** POST /api/v1/me/two-step/recovery-codes: ten new codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  return useTwoStepMutation((body: { code: string }) =>
    apiRequest('/me/two-step/recovery-codes', {
      method: 'POST',
      body,
      schema: recoveryCodesSchema,
    }),
  );
}
