import type { DeleteAccountRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/v1/me with the password: 204, and the account and its records are gone. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiRequest('/me', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
