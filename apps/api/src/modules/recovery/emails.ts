import type { Language } from '@tend/shared';
import { textsFor } from '../../i18n/texts.ts';
import type { EmailMessage } from '../../mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The same words as text and as simple HTML: paragraphs, with links made clickable. */
export function message(to: string, subject: string, paragraphs: string[]): EmailMessage {
  const html = paragraphs
    .map((p) => {
      const linked = escapeHtml(p).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      return `<p>${linked}</p>`;
    })
    .join('\n');
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html };
}

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
