import { REPORT_UPLOAD_HINT } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';

const refuse = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { file: message });

/** Past 10 MB nothing is accepted; past 2 MB only a PDF. */
export const fileTooLarge = (kind: 'any' | 'picture') =>
  refuse(
    413,
    'file_too_large',
    kind === 'picture'
      ? `This picture is larger than 2 MB. ${REPORT_UPLOAD_HINT}.`
      : `This file is larger than 10 MB. ${REPORT_UPLOAD_HINT}.`,
  );

export const unsupportedType = () =>
  refuse(
    415,
    'unsupported_file_type',
    `This file is not a JPG, GIF, PNG or PDF (judged by its content, not its name). ${REPORT_UPLOAD_HINT}.`,
  );

export const notOnlyAPicture = () =>
  refuse(
    415,
    'unsupported_file_type',
    'This picture also carries web page or script content, so it was not stored. Save it again from an image editor and upload that copy.',
  );

export const unreadablePicture = () =>
  refuse(
    415,
    'unsupported_file_type',
    'This picture could not be read. Choose another JPG, GIF or PNG.',
  );

export const pdfActiveContent = () =>
  refuse(
    415,
    'pdf_active_content',
    'This PDF contains scripts, embedded files or other active content, so it was not stored. Print it to a new PDF (or save it without attachments) and upload that copy.',
  );

export const unreadablePdf = () =>
  refuse(
    415,
    'unsupported_file_type',
    'This PDF could not be checked because part of it cannot be read. Print it to a new PDF and upload that copy.',
  );

export const noFile = () =>
  new AppError(400, 'invalid_input', 'Choose a file to upload.', {
    file: 'Choose a file to upload.',
  });
