import { twoStepStatusSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';
import { securityKeys } from './keys';

/**
 * GET /api/v1/me/two-step: on or off, required by the clinic, recovery codes left. `enabled: false`
 * asks nothing (an invitation the person has dismissed).
 */
export const useTwoStepStatus = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getQuery(securityKeys.twoStep, '/me/two-step', twoStepStatusSchema), enabled });
