import type { Language } from '@tend/shared';
import { textsFor } from '../../i18n/texts.ts';
import type { EmailMessage } from '../../mail/mailer.ts';
import { message } from '../../mail/message.ts';

export interface Person {
  email: string;
  firstname: string;
  /** The language of the person the email is about; it is written in theirs. */
  language: Language;
}

export function passwordResetEmail(person: Person, link: string): EmailMessage {
  const t = textsFor(person.language);
  return message(person.email, t('accountEmails.passwordReset.subject'), [
    t('hello', { name: person.firstname }),
    t('accountEmails.passwordReset.asked'),
    link,
    t('accountEmails.passwordReset.works'),
    t('accountEmails.passwordReset.ignore'),
  ]);
}

export function confirmEmailEmail(person: Person, link: string): EmailMessage {
  const t = textsFor(person.language);
  return message(person.email, t('accountEmails.confirmEmail.subject'), [
    t('hello', { name: person.firstname }),
    t('accountEmails.confirmEmail.please'),
    link,
    t('accountEmails.confirmEmail.works'),
  ]);
}

export function emailTakenEmail(person: Person, publicUrl: string): EmailMessage {
  const t = textsFor(person.language);
  return message(person.email, t('accountEmails.emailTaken.subject'), [
    t('hello', { name: person.firstname }),
    t('accountEmails.emailTaken.tried'),
    t('accountEmails.emailTaken.ifYou', { url: publicUrl }),
    t('accountEmails.emailTaken.ifNotYou'),
  ]);
}
