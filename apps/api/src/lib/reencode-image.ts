export type ImageKind = 'jpeg' | 'png' | 'gif';

const SIGNATURES: Array<{ kind: ImageKind; bytes: number[] }> = [
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] }, // "GIF8" (87a and 89a)
];

/** What the file is, judged by its first bytes: a name or a declared type can say anything. */
export function sniffImage(data: Uint8Array): ImageKind | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((b, i) => data[i] === b));
  return match?.kind ?? null;
}

/** Decompression bombs stop here: a 2 MB file may not unpack to more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes and encodes the picture again in its own format. Re-encoding drops every metadata block (EXIF
 * with GPS location, comments) and anything hidden after the image data; the EXIF orientation is applied
 * first so the picture still stands the right way up. Throws when sharp cannot read the picture.
 */
export async function reencodeImage(
  data: Uint8Array,
  kind: ImageKind,
  { squareSize }: { squareSize?: number } = {},
): Promise<Buffer> {
  // Loaded on the first picture: libvips is a large part of an idle server's memory otherwise.
  const { default: sharp } = await import('sharp');
  let image = sharp(data, {
    animated: kind === 'gif',
    limitInputPixels: MAX_INPUT_PIXELS,
  }).rotate();
  if (squareSize) {
    image = image.resize(squareSize, squareSize, { fit: 'cover', withoutEnlargement: true });
  }
  const encoded =
    kind === 'jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : kind === 'png'
        ? image.png({ compressionLevel: 9 })
        : image.gif();
  return encoded.toBuffer();
}
