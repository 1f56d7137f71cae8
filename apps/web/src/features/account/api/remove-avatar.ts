import { profileSchema, type Profile } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setMe } from '../../../lib/me';

/** DELETE /api/v1/me/avatar */
export function removeAvatar(): Promise<Profile> {
  return apiRequest('/me/avatar', { method: 'DELETE', schema: profileSchema });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (profile) => setMe(queryClient, profile),
  });
}
