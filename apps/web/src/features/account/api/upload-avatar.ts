import { profileSchema, type Profile } from '@tend/shared';
import { sendTo } from '../../../lib/api-hooks';
import { useProfileChange } from '../../../lib/me';

const putAvatar = sendTo<FormData, Profile>('PUT', '/me/avatar', profileSchema);

/** PUT /api/v1/me/avatar, multipart field "file"; the server judges the type by content. */
export function uploadAvatar(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  return putAvatar(body);
}

// The new profile carries the new picture URL, so the menu's picture follows at once.
export const useUploadAvatar = () => useProfileChange(uploadAvatar);
