import {
  recoveryCodesSchema,
  twoStepSetupSchema,
  type RecoveryCodes,
  type TwoStepSetup,
} from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { securityKeys } from './keys';

/** Each change makes the status (on, codes left) stale. */
const useTwoStepChange = <In, Out>(change: (input: In) => Promise<Out>) =>
  useRefreshingMutation(change, [securityKeys.twoStep]);

/** POST /api/v1/me/two-step/setup: a new secret and its QR code (not on until a code confirms it). */
const startTwoStep = sendTo<{ password: string }, TwoStepSetup>(
  'POST',
  '/me/two-step/setup',
  twoStepSetupSchema,
);

export const useStartTwoStep = () => useMutation({ mutationFn: startTwoStep });

/** POST /api/v1/me/two-step/enable: the first code turns it on; ten recovery codes. */
const enableTwoStep = sendTo<{ code: string }, RecoveryCodes>(
  'POST',
  '/me/two-step/enable',
  recoveryCodesSchema,
);

export const useEnableTwoStep = () => useTwoStepChange(enableTwoStep);

/** POST /api/v1/me/two-step/disable: password and a code; 204. */
const disableTwoStep = sendTo<{ password: string; code: string }>('POST', '/me/two-step/disable');

export const useDisableTwoStep = () => useTwoStepChange(disableTwoStep);

/** POST /api/v1/me/two-step/recovery-codes: ten new codes; the old ones stop working. */
const renewRecoveryCodes = sendTo<{ code: string }, RecoveryCodes>(
  'POST',
  '/me/two-step/recovery-codes',
  recoveryCodesSchema,
);

export const useRenewRecoveryCodes = () => useTwoStepChange(renewRecoveryCodes);
