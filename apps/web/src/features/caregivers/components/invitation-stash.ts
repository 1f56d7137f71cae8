/**
 * An invitation opened from its emailed link by someone not signed in yet: its id and secret are
 * kept for the tab while they sign in or sign up, and the patient area offers it again after.
 */
export type StashedInvitation = { id: string; token: string };

const KEY = 'tend.caregiver-invitation';

export function stashInvitation(invitation: StashedInvitation): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(invitation));
  } catch {
    // No storage: the email's link still works when opened again.
  }
}

export function stashedInvitation(): StashedInvitation | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<StashedInvitation>;
    return typeof value?.id === 'string' && typeof value.token === 'string'
      ? { id: value.id, token: value.token }
      : null;
  } catch {
    return null;
  }
}

export function forgetStashedInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The page that answers it. */
export const invitationPath = ({ id, token }: StashedInvitation) =>
  `/caregiving/accept?invitation=${encodeURIComponent(id)}#${encodeURIComponent(token)}`;
