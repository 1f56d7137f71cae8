import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';

type ImageKind = 'jpeg' | 'png' | 'gif';

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

export const unsupportedImage = () =>
  new AppError(415, 'unsupported_file_type', 'Choose a JPG, GIF or PNG picture.', {
    file: 'Choose a JPG, GIF or PNG picture.',
  });

export const imageTooLarge = () =>
  new AppError(413, 'file_too_large', 'The picture is larger than 2 MB. Choose a smaller one.', {
    file: 'The picture is larger than 2 MB. Choose a smaller one.',
  });

const AVATAR_SIZE = 512;

/**
 * Re-encodes the picture at most 512 px square. Re-encoding drops every metadata block (EXIF with GPS
 * location, comments) and anything hidden after the image data; the EXIF orientation is applied first
 * so the picture still stands the right way up.
 */
export async function prepareAvatar(
  data: Uint8Array,
): Promise<{ contentType: string; data: Uint8Array }> {
  if (data.byteLength > UPLOAD_MAX_BYTES) throw imageTooLarge();
  const kind = sniffImage(data);
  if (!kind) throw unsupportedImage();
  try {
    const image = sharp(data, { animated: kind === 'gif', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true });
    const encoded =
      kind === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : kind === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.gif();
    const output = await encoded.toBuffer();
    return { contentType: `image/${kind}`, data: new Uint8Array(output) };
  } catch {
    throw new AppError(
      415,
      'unsupported_file_type',
      'This picture could not be read. Choose another JPG, GIF or PNG.',
      {
        file: 'This picture could not be read. Choose another JPG, GIF or PNG.',
      },
    );
  }
}
