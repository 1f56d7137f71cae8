import type { UserType } from '@tend/shared';

/**
 * Who is asking: the claims of a checked access token. Every module's routes and services take it,
 * so it lives below them all; accounts/tokens.ts signs and checks the tokens that carry it.
 */
export interface AccessClaims {
  userId: string;
  role: UserType;
  sessionId: string;
}
