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

interface Person {
  email: string;
  firstname: string;
}

export function passwordResetEmail(person: Person, link: string): EmailMessage {
  return message(person.email, 'Choose a new password for Tend', [
    `Hello ${person.firstname},`,
    'Someone (we hope you) asked to reset the password of your Tend account. Choose a new password here:',
    link,
    'The link works once, for 30 minutes. Choosing a new password signs you out everywhere else.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ]);
}

export function confirmEmailEmail(person: Person, link: string): EmailMessage {
  return message(person.email, 'Confirm your email address for Tend', [
    `Hello ${person.firstname},`,
    'Please confirm that this is your email address, so Tend can send you reminders and help you back in if you forget your password:',
    link,
    'The link works for 7 days. If you did not create a Tend account, ignore this email.',
  ]);
}

export function emailTakenEmail(person: Person, publicUrl: string): EmailMessage {
  return message(person.email, 'Someone tried to create a Tend account with your address', [
    `Hello ${person.firstname},`,
    'Someone just tried to create a new Tend account with this email address. You already have one, so no account was created and yours is unchanged.',
    `If it was you, sign in at ${publicUrl}/sign-in, or choose a new password at ${publicUrl}/forgot-password if you have forgotten it.`,
    'If it was not you, there is nothing to do.',
  ]);
}
