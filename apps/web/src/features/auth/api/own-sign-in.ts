import {
  dependentInvitationSchema,
  type DependentInvitation,
  type SessionResponse,
} from '@tend/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { signIn } from './sign-in';

const takenSchema = z.object({ email: z.string() });

/** POST /api/v1/dependent-invitations/{id}/look: who sends this sign-in, to which address. */
export function useOwnSignInInvitation(id: string, token: string) {
  return useQuery({
    queryKey: ['dependent-invitation', id],
    queryFn: (): Promise<DependentInvitation> =>
      apiRequest(`/dependent-invitations/${encodeURIComponent(id)}/look`, {
        method: 'POST',
        body: { token },
        schema: dependentInvitationSchema,
      }),
    enabled: id !== '' && token !== '',
    retry: false,
  });
}

export type OwnSignInOutcome = { email: string; session: SessionResponse | null };

/**
 * Takes the sign-in (the address invited, the password chosen), then signs in with it. The sign-in
 * is taken even if signing in then fails: the outcome has no session and the person signs in later.
 */
export function useTakeOwnSignIn(id: string, token: string) {
  return useMutation({
    mutationFn: async (password: string): Promise<OwnSignInOutcome> => {
      const { email } = await apiRequest(
        `/dependent-invitations/${encodeURIComponent(id)}/accept`,
        { method: 'POST', body: { token, password }, schema: takenSchema },
      );
      try {
        const answer = await signIn({ email, password });
        return { email, session: 'twostep' in answer ? null : answer };
      } catch {
        return { email, session: null };
      }
    },
  });
}
