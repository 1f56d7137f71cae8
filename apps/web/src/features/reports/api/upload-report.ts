import { API_PREFIX, reportSchema, type Report } from '@tend/shared';
import { withSession } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/api-hooks';
import { readJson, unreadableResponseError } from '../../../lib/api-error';
import { reportKeys } from './keys';
import { postWithProgress, type UploadProgress } from './post-with-progress';

export type ReportUpload = {
  title: string;
  file: File;
  /** A doctor uploads to a linked patient's record; a patient leaves it out. */
  patientId?: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/v1/reports (multipart): 201 with the stored report. The server judges the type by
 * content and answers 413 or 415 in words; nothing is stored then.
 */
export async function uploadReport(upload: ReportUpload): Promise<Report> {
  const { title, file, patientId, onProgress, signal } = upload;
  const body = new FormData();
  // The text fields first, so the server has them before the file's bytes stream in.
  body.append('title', title);
  if (patientId) body.append('patientId', patientId);
  body.append('file', file);
  const response = await withSession(() =>
    postWithProgress(`${API_PREFIX}/reports`, body, { onProgress, signal }),
  );
  const parsed = reportSchema.safeParse(await readJson(response));
  if (!parsed.success) throw unreadableResponseError(response.status);
  return parsed.data;
}

export const useUploadReport = () => useRefreshingMutation(uploadReport, [reportKeys.lists]);
