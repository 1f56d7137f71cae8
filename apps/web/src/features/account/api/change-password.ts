import type { ChangePasswordRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';

/** POST /api/v1/me/password: 204; every other session of this account ends. */
export const changePassword = sendTo<ChangePasswordRequest>('POST', '/me/password');

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
