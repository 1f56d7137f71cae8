import { profileSchema, type Profile, type ProfileUpdate } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setMe } from '../../../lib/me';

/** PATCH /api/v1/me/update: only the fields sent change; answers with the whole profile. */
export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return apiRequest('/me/update', { method: 'PATCH', body, schema: profileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => setMe(queryClient, profile),
  });
}
