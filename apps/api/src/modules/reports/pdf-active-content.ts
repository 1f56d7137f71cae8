import { inflateSync } from 'node:zlib';

/** PDF names that run code, start programs or carry other files: none belongs in a medical report. */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
]);

// A PDF name: a slash, then regular characters, any of which may be written #xx (hex).
const NAME = /\/((?:[^\s/<>[\](){}%#]|#[0-9A-Fa-f]{2})+)/g;
const STREAM_START = /\bstream\r?\n/g;
/** How far back from `stream` its dictionary may start. */
const DICTIONARY_WINDOW = 4096;
const WINDOW_BYTES = 256 * 1024;
/** Longer than any dictionary looked back over, and than any name (PDF names stop at 127 bytes). */
const OVERLAP_BYTES = DICTIONARY_WINDOW + 256;
/** An object stream unpacking to more than this is refused rather than checked at any cost. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

const decodeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first active name in `text`; a name running into the window's cut is left for the next window. */
function activeNameIn(text: string, cutAtEnd: boolean): string | null {
  for (const match of text.matchAll(NAME)) {
    if (cutAtEnd && match.index + match[0].length === text.length) continue;
    const name = decodeName(match[1] ?? '');
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return null;
}

export type PdfVerdict =
  | { ok: true }
  | { ok: false; reason: 'active_content'; name: string }
  | {
      ok: false;
      reason: 'unreadable';
    };

/**
 * Looks for scripts, launch actions, embedded files and rich media, written plainly, with #xx-escaped
 * names (/J#61vaScript), or packed inside compressed object streams (/Type /ObjStm), where a
 * dictionary can hide from a plain byte search.
 */
export function inspectPdf(pdf: Buffer): PdfVerdict {
  let inflated = 0;
  // Read as text a window at a time (latin1: one character per byte, so offsets match the file), never
  // as one 10 MB string; each window repeats the end of the one before, so a name or a stream's
  // dictionary cut by a window's edge is seen whole in the next.
  for (let start = 0; start < pdf.byteLength; start += WINDOW_BYTES) {
    const from = Math.max(0, start - OVERLAP_BYTES);
    const end = Math.min(pdf.byteLength, start + WINDOW_BYTES);
    const text = pdf.toString('latin1', from, end);
    const plain = activeNameIn(text, end < pdf.byteLength);
    if (plain) return { ok: false, reason: 'active_content', name: plain };

    for (const match of text.matchAll(STREAM_START)) {
      // Streams starting in the overlap were handled by the window before.
      if (from + match.index < start) continue;
      const dictionary = text.slice(Math.max(0, match.index - DICTIONARY_WINDOW), match.index);
      const open = dictionary.lastIndexOf('<<');
      const own = open === -1 ? dictionary : dictionary.slice(open);
      if (!/\/Type\s*\/ObjStm/.test(own) || !/\/FlateDecode/.test(own)) continue;
      const bodyStart = from + match.index + match[0].length;
      const bodyEnd = pdf.indexOf('endstream', bodyStart, 'latin1');
      if (bodyEnd === -1) return { ok: false, reason: 'unreadable' };
      let objects: Buffer;
      try {
        objects = inflateSync(pdf.subarray(bodyStart, bodyEnd), {
          maxOutputLength: MAX_INFLATED_BYTES - inflated,
          // Streams often end with an end-of-line before `endstream` that is not part of the data.
          finishFlush: 2, // Z_SYNC_FLUSH
        });
      } catch {
        return { ok: false, reason: 'unreadable' };
      }
      inflated += objects.byteLength;
      const hidden = activeNameIn(objects.toString('latin1'), false);
      if (hidden) return { ok: false, reason: 'active_content', name: hidden };
    }
  }
  return { ok: true };
}
