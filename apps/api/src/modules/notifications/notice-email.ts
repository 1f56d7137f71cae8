const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Names and dosages are what people typed: never markup in an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A notice told by email too (a reminder, a prescription's news): a few paragraphs and a link. */
export interface NoticeEmailContent {
  subject: string;
  /** Paragraphs, in order. */
  lines: string[];
  /** An absolute address to open Tend at. */
  url: string;
  linkText: string;
}

/** The same notice as plain text and as simple HTML. */
export function renderNoticeEmail({ subject, lines, url, linkText }: NoticeEmailContent) {
  const text = [...lines, `${linkText}: ${url}`, '', '— Tend'].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(linkText)}</a></p>`,
    '<p>— Tend</p></body></html>',
  ].join('\n');
  return { subject, text, html };
}
