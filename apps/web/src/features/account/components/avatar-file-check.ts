import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@tend/shared';

/** Why a file cannot be a profile picture: the key of its words under `avatar.` in the catalog. */
export type AvatarFileProblem = 'wrongType' | 'tooLarge';

// The first bytes of each allowed format; the server judges by content too, so a renamed file
// is caught here already instead of after the upload.
const SIGNATURES: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
];

async function hasImageSignature(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return SIGNATURES.some((signature) => signature.every((byte, index) => head[index] === byte));
}

/** Why this file cannot be a profile picture, or null if it looks fine (SPEC §9: 2 MB, JPG GIF PNG). */
export async function avatarFileProblem(file: File): Promise<AvatarFileProblem | null> {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  if (!(await hasImageSignature(file))) return 'wrongType';
  return null;
}
