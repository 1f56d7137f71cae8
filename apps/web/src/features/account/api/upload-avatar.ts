import { profileSchema, type Profile } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setMe } from '../../../lib/me';

/** PUT /api/v1/me/avatar, multipart field "file"; the server judges the type by content. */
export function uploadAvatar(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/me/avatar', { method: 'PUT', body, schema: profileSchema });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The new profile carries the new picture URL, so the menu's picture follows at once.
    onSuccess: (profile) => setMe(queryClient, profile),
  });
}
