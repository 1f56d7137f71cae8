import { profileSchema, type Profile, type ProfileUpdate } from '@tend/shared';
import { sendTo } from '../../../lib/api-hooks';
import { useProfileChange } from '../../../lib/me';

/** PATCH /api/v1/me/update: only the fields sent change; answers with the whole profile. */
export const updateProfile = sendTo<ProfileUpdate, Profile>('PATCH', '/me/update', profileSchema);

export const useUpdateProfile = () => useProfileChange(updateProfile);
