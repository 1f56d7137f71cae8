import type { EmailMessage } from './mailer.ts';

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
