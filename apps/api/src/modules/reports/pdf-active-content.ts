import { open } from 'node:fs/promises';
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
const WINDOW_BYTES = 64 * 1024;
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
/** Random access to the PDF's bytes: a file on disk, or a buffer in tests. */
export interface PdfBytes {
  size: number;
  /** Up to `length` bytes from `position`; the result is valid until the next call. */
  read(position: number, length: number): Promise<Buffer>;
}

export const bytesOfBuffer = (pdf: Buffer): PdfBytes => ({
  size: pdf.byteLength,
  read: (position, length) => Promise.resolve(pdf.subarray(position, position + length)),
});

/** The compressed body of the stream starting at `start`: up to its `endstream`, or null without one. */
async function streamBody(pdf: PdfBytes, start: number): Promise<Buffer | null> {
  const pieces: Buffer[] = [];
  const keyword = Buffer.from('endstream', 'latin1');
  for (let position = start; position < pdf.size; position += WINDOW_BYTES) {
    pieces.push(Buffer.from(await pdf.read(position, WINDOW_BYTES)));
    const body = Buffer.concat(pieces);
    const end = body.indexOf(keyword);
    if (end !== -1) return body.subarray(0, end);
  }
  return null;
}

/**
 * Looks for scripts, launch actions, embedded files and rich media, written plainly, with #xx-escaped
 * names (/J#61vaScript), or packed inside compressed object streams (/Type /ObjStm), where a
 * dictionary can hide from a plain byte search.
 */
export async function inspectPdf(pdf: PdfBytes): Promise<PdfVerdict> {
  let inflated = 0;
  // Read as text a window at a time (latin1: one character per byte, so offsets match the file), never
  // as one 10 MB string; each window repeats the end of the one before, so a name or a stream's
  // dictionary cut by a window's edge is seen whole in the next.
  for (let start = 0; start < pdf.size; start += WINDOW_BYTES) {
    const from = Math.max(0, start - OVERLAP_BYTES);
    const end = Math.min(pdf.size, start + WINDOW_BYTES);
    const text = (await pdf.read(from, end - from)).toString('latin1');
    const plain = activeNameIn(text, end < pdf.size);
    if (plain) return { ok: false, reason: 'active_content', name: plain };

    for (const match of text.matchAll(STREAM_START)) {
      // Streams starting in the overlap were handled by the window before.
      if (from + match.index < start) continue;
      const dictionary = text.slice(Math.max(0, match.index - DICTIONARY_WINDOW), match.index);
      const open = dictionary.lastIndexOf('<<');
      const own = open === -1 ? dictionary : dictionary.slice(open);
      if (!/\/Type\s*\/ObjStm/.test(own) || !/\/FlateDecode/.test(own)) continue;
      const body = await streamBody(pdf, from + match.index + match[0].length);
      if (!body) return { ok: false, reason: 'unreadable' };
      let objects: Buffer;
      try {
        objects = inflateSync(body, {
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

/** The same check reading the file from disk a window at a time through one reused buffer. */
export async function inspectPdfFile(path: string, size: number): Promise<PdfVerdict> {
  const handle = await open(path, 'r');
  const window = Buffer.alloc(WINDOW_BYTES + OVERLAP_BYTES);
  try {
    return await inspectPdf({
      size,
      async read(position, length) {
        const target = length <= window.byteLength ? window : Buffer.alloc(length);
        const { bytesRead } = await handle.read(target, 0, length, position);
        return target.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}
