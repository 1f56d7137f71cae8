import { EMAIL_CHANGE_LINK_HOURS } from '@tend/shared';
import type { EmailMessage } from '../../mail/mailer.ts';
import { textsFor } from '../../i18n/texts.ts';
import { message } from '../../mail/message.ts';
import type { Person } from './emails.ts';

/** To the new address: the link that moves the account there. */
export function confirmNewEmailEmail(person: Person, newEmail: string, link: string): EmailMessage {
  const t = textsFor(person.language);
  return message(newEmail, t('accountEmails.confirmNewEmail.subject'), [
    t('hello', { name: person.firstname }),
    t('accountEmails.confirmNewEmail.asked'),
    link,
    t('accountEmails.confirmNewEmail.works', { hours: EMAIL_CHANGE_LINK_HOURS }),
  ]);
}

/** To an address another account already uses: no link, and nothing about who asked. */
export function addressInUseEmail(owner: Person, publicUrl: string): EmailMessage {
  const t = textsFor(owner.language);
  return message(owner.email, t('accountEmails.addressInUse.subject'), [
    t('hello', { name: owner.firstname }),
    t('accountEmails.addressInUse.tried'),
    t('accountEmails.addressInUse.forgotten', { url: publicUrl }),
    t('accountEmails.addressInUse.ifNotYou'),
  ]);
}

/** To the old address when the change is asked for: the owner can still stop it. */
export function emailChangeRequestedEmail(
  person: Person,
  newEmail: string,
  publicUrl: string,
): EmailMessage {
  const t = textsFor(person.language);
  return message(person.email, t('accountEmails.changeRequested.subject'), [
    t('hello', { name: person.firstname }),
    t('accountEmails.changeRequested.asked', { email: newEmail }),
    t('accountEmails.changeRequested.ifNotYou', { url: publicUrl }),
  ]);
}

/** To the old address once the link was opened. */
export function emailChangedEmail(person: Person, newEmail: string): EmailMessage {
  const t = textsFor(person.language);
  return message(person.email, t('accountEmails.changed.subject'), [
    t('hello', { name: person.firstname }),
    t('accountEmails.changed.now', { email: newEmail }),
    t('accountEmails.changed.ifNotYou'),
  ]);
}
