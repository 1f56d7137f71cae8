import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { REPORT_PDF_MAX_BYTES } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { fileTooLarge, noFile } from './upload-errors.ts';

/** Enough of the file's start for every signature file-type knows. */
const HEAD_BYTES = 4100;
const MAX_FIELD_BYTES = 1024;

export interface SpooledUpload {
  fields: Record<string, string>;
  path: string;
  size: number;
  filename: string;
  head: Buffer;
  /** Removes the temporary copy; safe to call more than once. */
  discard(): Promise<void>;
}

/**
 * Reads a multipart upload (fields in any order, one file) to a temporary file as it arrives, so a slow
 * client holds a little disk, not memory or a database transaction. Larger than the largest allowed
 * type → 413 before anything is stored.
 */
export async function spoolUpload(request: FastifyRequest): Promise<SpooledUpload> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tend-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: Omit<SpooledUpload, 'fields' | 'discard'> | null = null;
  let truncated = false;
  try {
    // The plugin honours throwFileSizeLimit here though its types omit it: a file past the limit is
    // cut short and marked truncated, and this function answers the 413 in its own words.
    const options = {
      limits: { fileSize: REPORT_PDF_MAX_BYTES, files: 1, fields: 5, fieldSize: MAX_FIELD_BYTES },
      throwFileSizeLimit: false,
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new AppError(400, 'invalid_input', `The field ${part.fieldname} is too long.`, {
            [part.fieldname]: 'Too long.',
          });
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        throw new AppError(400, 'invalid_input', 'Send the file in the field named file.', {
          file: 'Send the file in the field named file.',
        });
      }
      const target = path.join(dir, 'upload');
      const heads: Buffer[] = [];
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (size < HEAD_BYTES) heads.push(chunk.subarray(0, HEAD_BYTES - size));
          size += chunk.byteLength;
          done(null, chunk);
        },
      });
      await pipeline(part.file, measure, createWriteStream(target));
      truncated = part.file.truncated;
      file = { path: target, size, filename: part.filename, head: Buffer.concat(heads) };
    }
    if (truncated) throw fileTooLarge('any');
    if (!file || file.size === 0) throw noFile();
    return { ...file, fields, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
