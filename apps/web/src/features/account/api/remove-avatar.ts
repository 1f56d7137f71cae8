import { profileSchema, type Profile } from '@tend/shared';
import { sendTo } from '../../../lib/api-hooks';
import { useProfileChange } from '../../../lib/me';

/** DELETE /api/v1/me/avatar */
export const removeAvatar = sendTo<void, Profile>('DELETE', '/me/avatar', profileSchema);

export const useRemoveAvatar = () => useProfileChange(removeAvatar);
