import type { ImageKind } from '../../lib/reencode-image.ts';

// What makes a browser or a script engine take a file for a page: refused in a picture even though
// re-encoding would strip it, because a file built to be two things at once was not made in good faith.
const MARKUP = /<(?:script|html|svg|body|iframe|object|embed|!doctype|\?php|\?xml)\b/i;

/** The offset just past the end of the image's own data, or null when its structure is broken. */
function pngEnd(data: Buffer): number | null {
  let offset = 8;
  while (offset + 12 <= data.byteLength) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    offset += 12 + length;
    if (type === 'IEND') return offset;
  }
  return null;
}

function skipSubBlocks(data: Buffer, start: number): number | null {
  let offset = start;
  while (offset < data.byteLength) {
    const size = data[offset] ?? 0;
    offset += 1 + size;
    if (size === 0) return offset;
  }
  return null;
}

function gifEnd(data: Buffer): number | null {
  if (data.byteLength < 13) return null;
  const screenFlags = data[10] ?? 0;
  let offset = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 0x07) + 1) : 0);
  while (offset < data.byteLength) {
    const introducer = data[offset];
    if (introducer === 0x3b) return offset + 1; // trailer
    if (introducer === 0x21) {
      const next = skipSubBlocks(data, offset + 2);
      if (next === null) return null;
      offset = next;
    } else if (introducer === 0x2c) {
      const flags = data[offset + 9] ?? 0;
      offset += 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
      const next = skipSubBlocks(data, offset + 1); // after the LZW minimum code size
      if (next === null) return null;
      offset = next;
    } else {
      return null;
    }
  }
  return null;
}

function jpegEnd(data: Buffer): number | null {
  const end = data.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return end === -1 ? null : end + 2;
}

const ENDS: Record<ImageKind, (data: Buffer) => number | null> = {
  png: pngEnd,
  gif: gifEnd,
  jpeg: jpegEnd,
};

/**
 * True when the picture is also something else: markup or script inside it, or bytes after the image's
 * own end (a GIF whose trailer is followed by JavaScript, a PNG with a page after IEND). Padding of
 * zero bytes, which some cameras write, is allowed.
 */
export function isPolyglotImage(data: Buffer, kind: ImageKind): boolean {
  if (MARKUP.test(data.toString('latin1'))) return true;
  // GIF/JavaScript polyglots open a comment with the width bytes: GIF89a/*…*/=alert(1);
  if (kind === 'gif' && data[6] === 0x2f && data[7] === 0x2a) return true;
  const end = ENDS[kind](data);
  if (end === null) return true;
  for (let i = end; i < data.byteLength; i += 1) if (data[i] !== 0) return true;
  return false;
}
