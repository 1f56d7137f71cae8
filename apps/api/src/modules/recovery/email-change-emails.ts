import { EMAIL_CHANGE_LINK_HOURS } from '@tend/shared';
import type { EmailMessage } from '../../mail/mailer.ts';
import { message } from './emails.ts';

interface Person {
  email: string;
  firstname: string;
}

/** To the new address: the link that moves the account there. */
export function confirmNewEmailEmail(person: Person, newEmail: string, link: string): EmailMessage {
  return message(newEmail, 'Confirm your new email address for Tend', [
    `Hello ${person.firstname},`,
    'You asked to use this address for your Tend account. Open this link to confirm it; your account moves to this address only then:',
    link,
    `The link works once, for ${EMAIL_CHANGE_LINK_HOURS} hours. If you did not ask for this, ignore this email: nothing changes.`,
  ]);
}

/** To an address another account already uses: no link, and nothing about who asked. */
export function addressInUseEmail(owner: Person, publicUrl: string): EmailMessage {
  return message(owner.email, 'Someone tried to use your address for a Tend account', [
    `Hello ${owner.firstname},`,
    'Someone just asked to move another Tend account to this email address. Your account already uses it, so nothing was changed and yours stays as it is.',
    `If you have forgotten your password, you can choose a new one at ${publicUrl}/forgot-password.`,
    'If this was not you, there is nothing to do.',
  ]);
}

/** To the old address when the change is asked for: the owner can still stop it. */
export function emailChangeRequestedEmail(
  person: Person,
  newEmail: string,
  publicUrl: string,
): EmailMessage {
  return message(person.email, 'Your Tend email address is about to change', [
    `Hello ${person.firstname},`,
    `Someone signed in to your Tend account asked to change its email address to ${newEmail}. It changes only when the link we sent to that address is opened.`,
    `If this was not you, sign in at ${publicUrl}/sign-in and change your password (or choose a new one at ${publicUrl}/forgot-password): that cancels the change and signs everyone else out.`,
  ]);
}

/** To the old address once the link was opened. */
export function emailChangedEmail(person: Person, newEmail: string): EmailMessage {
  return message(person.email, 'Your Tend email address was changed', [
    `Hello ${person.firstname},`,
    `Your Tend account now uses ${newEmail}. This address no longer signs in and will receive nothing more from Tend.`,
    'If this was not you, contact your clinic right away: they can disable the account.',
  ]);
}
