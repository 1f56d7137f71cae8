/** The avatar URL changes with each upload, so browsers never show a stale picture. */
export function avatarUrl(userId: string, updatedAt: string | undefined): string | null {
  return updatedAt ? `/api/v1/users/${userId}/avatar?v=${Date.parse(updatedAt)}` : null;
}
