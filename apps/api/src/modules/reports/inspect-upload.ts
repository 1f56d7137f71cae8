import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { REPORT_IMAGE_MAX_BYTES, REPORT_PDF_MAX_BYTES, type ReportContentType } from '@tend/shared';
import { reencodeImage, type ImageKind } from '../../lib/reencode-image.ts';
import { CHUNK_BYTES } from '../../storage/database-file-store.ts';
import type { ByteSource } from '../../storage/file-store.ts';
import { inspectPdfFile } from './pdf-active-content.ts';
import { isPolyglotImage } from './polyglot.ts';
import {
  fileTooLarge,
  notOnlyAPicture,
  pdfActiveContent,
  unreadablePdf,
  unreadablePicture,
  unsupportedType,
} from './upload-errors.ts';
import type { SpooledUpload } from './upload-spool.ts';

const IMAGE_KINDS: Record<string, ImageKind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
};

export interface AcceptedFile {
  contentType: ReportContentType;
  /** The bytes to store: a re-encoded picture, or the PDF streamed from the temporary copy. */
  bytes: ByteSource;
}

/**
 * Decides by content what an upload is and whether it may be kept: JPEG, PNG and GIF up to 2 MB
 * (re-encoded, so no metadata or hidden payload survives), PDF up to 10 MB without active content.
 * Anything else throws the 413 or 415 the person sees.
 */
export async function inspectUpload(upload: SpooledUpload): Promise<AcceptedFile> {
  // Loaded with the first upload, not at start-up (memory of an idle server).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(upload.head);
  const mime = sniffed?.mime;
  const imageKind = mime ? IMAGE_KINDS[mime] : undefined;

  if (imageKind) {
    if (upload.size > REPORT_IMAGE_MAX_BYTES) throw fileTooLarge('picture');
    const data = await readFile(upload.path);
    if (isPolyglotImage(data, imageKind)) throw notOnlyAPicture();
    let encoded: Buffer;
    try {
      encoded = await reencodeImage(data, imageKind);
    } catch {
      throw unreadablePicture();
    }
    return { contentType: mime as ReportContentType, bytes: [encoded] };
  }

  if (mime === 'application/pdf') {
    if (upload.size > REPORT_PDF_MAX_BYTES) throw fileTooLarge('any');
    const verdict = await inspectPdfFile(upload.path, upload.size);
    if (!verdict.ok)
      throw verdict.reason === 'active_content' ? pdfActiveContent() : unreadablePdf();
    // Opened only when the store starts reading, so a refusal before that leaves no file handle open.
    const bytes = (async function* () {
      yield* createReadStream(upload.path, { highWaterMark: CHUNK_BYTES });
    })();
    return { contentType: 'application/pdf', bytes };
  }

  throw unsupportedType();
}
