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
/** An object stream unpacking to more than this is refused rather than checked at any cost. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

const decodeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function activeNameIn(text: string): string | null {
  for (const match of text.matchAll(NAME)) {
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
  // latin1 maps each byte to one character, so offsets in the text are offsets in the file.
  const text = pdf.toString('latin1');
  const plain = activeNameIn(text);
  if (plain) return { ok: false, reason: 'active_content', name: plain };

  let inflated = 0;
  for (const start of text.matchAll(STREAM_START)) {
    const dictionaryStart = Math.max(0, start.index - DICTIONARY_WINDOW);
    const dictionary = text.slice(dictionaryStart, start.index);
    const open = dictionary.lastIndexOf('<<');
    const own = open === -1 ? dictionary : dictionary.slice(open);
    if (!/\/Type\s*\/ObjStm/.test(own) || !/\/FlateDecode/.test(own)) continue;
    const bodyStart = start.index + start[0].length;
    const bodyEnd = text.indexOf('endstream', bodyStart);
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
    const hidden = activeNameIn(objects.toString('latin1'));
    if (hidden) return { ok: false, reason: 'active_content', name: hidden };
  }
  return { ok: true };
}
