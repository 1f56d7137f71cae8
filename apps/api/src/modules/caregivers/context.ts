import type { Language } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { Recipient } from '../../db/people.ts';
import type { EmailMessage } from '../../mail/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Capabilities } from '../capabilities.ts';

/** A notice to a person: in the app, and by email and push as they chose (notifications module). */
export interface CaregiverNotice {
  kind: 'caregiver';
  key: string;
  title: string;
  body: string;
  link: string;
  tag: string;
  reminderId: null;
  email: { subject: string; lines: string[]; url: string; linkText: string };
}

/** What dependents need of the accounts module (docs/decisions/051). */
export interface DependentAccounts {
  addDependent: Capabilities['addDependent'];
  handOwnSignIn: Capabilities['handOwnSignIn'];
  isDependent: Capabilities['isDependent'];
  preparePassword: Capabilities['preparePassword'];
  isEmailTaken: Capabilities['isEmailTaken'];
}

/** What the caregivers module needs, handed in at composition (module.ts). */
export interface CaregiverContext {
  db: Db;
  clock: () => Date;
  publicUrl: string;
  accounts: DependentAccounts;
  /** Tells a person everywhere they chose, inside the transaction. */
  tell: (trx: Executor, person: Recipient, notice: CaregiverNotice) => Promise<void>;
  /** Sends an email to an address that has no account (an invitation), inside the transaction. */
  sendEmail: (trx: Executor, email: EmailMessage, key: string) => Promise<void>;
  /**
   * Plans the patient's missed-dose alerts again (the reminders module), inside the transaction
   * that accepted or changed a relation: a delay or an area changed moves or drops them.
   */
  planAlerts: (trx: Executor, patientId: string) => Promise<void>;
  /** A live event to these people's open pages, when the transaction commits. */
  publish: (trx: Executor, userIds: readonly string[], data: CaregivingEvent) => Promise<void>;
}

export interface CaregivingEvent {
  caregivingId: string;
  change: 'invited' | 'accepted' | 'declined' | 'changed' | 'ended';
}

export const noSuchCaregiving = () =>
  new AppError(404, 'not_found', 'There is no such caregiver or invitation.');

export const fullName = (p: { firstname: string; lastname: string }) =>
  `${p.firstname} ${p.lastname}`;

export type { Language };
