/**
 * People and how they sign in: accounts, sessions, two-step sign-in, emailed links. Row types;
 * ../schema.ts assembles the Database from them.
 */
import type { Generated } from 'kysely';
import type { UserType } from '@tend/shared';

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  password_hash: string;
  user_type: UserType;
  firstname: string;
  lastname: string;
  dateofbirth: string | null;
  bloodgroup: 'A' | 'AB' | 'B' | 'O' | null;
  number: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  timezone: Generated<string>;
  /** How measurements are shown to this person (migration 0021). */
  units: Generated<'metric' | 'us'>;
  language: Generated<'en' | 'es'>;
  /** Kept by triggers (migration 0014): changes whenever the person's medication list does. */
  medications_version: Generated<number>;
  specialty: string | null;
  years_of_experience: number | null;
  consultation_fee_cents: number | null;
  location: string | null;
  bio: string | null;
  disabled_at: string | null;
  /**
   * A record without a sign-in of its own, cared for by the patient who made it (migration 0027;
   * 0/1 on SQLite): its address is one nobody receives and it has no password.
   */
  dependent: Generated<boolean | number>;
  created_at: string;
  updated_at: string;
}

/** A dependent's invitation to a sign-in of their own (migration 0027): one open per dependent. */
export interface DependentInvitationsTable {
  dependent_id: string;
  id: string;
  invited_by: string;
  email: string;
  email_normalized: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface AvatarsTable {
  user_id: string;
  content_type: string;
  data: Uint8Array;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  last_used_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TwoStepTable {
  user_id: string;
  secret_encrypted: string;
  created_at: string;
  enabled_at: string | null;
  last_step: number | null;
}

export interface TwoStepRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TwoStepChallengesTable {
  id: string;
  user_id: string;
  purpose: 'sign_in' | 'setup';
  token_hash: string;
  failures: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The address a person confirmed; their email is confirmed while it equals users.email_normalized. */
export interface EmailConfirmationsTable {
  user_id: string;
  email_normalized: string;
  confirmed_at: string;
}

/** A single-use emailed link (password reset, address confirmation); only the token's hash is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'password_reset' | 'email_verification' | 'email_change';
  token_hash: string;
  /** The address the link was sent to. */
  email_normalized: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** email_change only: the new address as typed, which the account takes when the link is opened. */
  email: string | null;
}
