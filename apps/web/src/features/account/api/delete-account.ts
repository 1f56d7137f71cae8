import type { DeleteAccountRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';

/** DELETE /api/v1/me with the password: 204, and the account and its records are gone. */
export const deleteAccount = sendTo<DeleteAccountRequest>('DELETE', '/me');

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
