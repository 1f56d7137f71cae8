import type { ChangePasswordRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/me/password: 204; every other session of this account ends. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await apiRequest('/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
