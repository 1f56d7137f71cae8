import { UPLOAD_MAX_BYTES } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { reencodeImage, sniffImage } from '../../lib/reencode-image.ts';

export const unsupportedImage = () =>
  new AppError(415, 'unsupported_file_type', 'Choose a JPG, GIF or PNG picture.', {
    file: 'Choose a JPG, GIF or PNG picture.',
  });

export const imageTooLarge = () =>
  new AppError(413, 'file_too_large', 'The picture is larger than 2 MB. Choose a smaller one.', {
    file: 'The picture is larger than 2 MB. Choose a smaller one.',
  });

const AVATAR_SIZE = 512;

/** The picture at most 512 px square, re-encoded so that no metadata (GPS EXIF) survives. */
export async function prepareAvatar(
  data: Uint8Array,
): Promise<{ contentType: string; data: Uint8Array }> {
  if (data.byteLength > UPLOAD_MAX_BYTES) throw imageTooLarge();
  const kind = sniffImage(data);
  if (!kind) throw unsupportedImage();
  try {
    const output = await reencodeImage(data, kind, { squareSize: AVATAR_SIZE });
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
