import { API_PREFIX, reportFilePath } from '@tend/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiBlob, ApiRequestError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { reportKeys } from './keys';

/**
 * GET /api/v1/reports/{id}/file: the bytes with the type the server sniffed. Fetched with the
 * bearer token (a link could not send it); a doctor's every read is written to the access log.
 */
export function fetchReportFile(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`${API_PREFIX}${reportFilePath(id)}`, signal);
}

// A refusal (not found, not shared) stays a refusal; only a dropped line or a server hiccup is
// worth a second try.
const retryOnce = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/**
 * The file of one report, fetched once per visit to its page: kept while the page is open (each
 * fetch is an access-log entry for the patient), dropped from memory once it is left.
 */
export function useReportFile(id: string) {
  return useQuery({
    queryKey: reportKeys.file(id),
    queryFn: ({ signal }) => fetchReportFile(id, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: retryOnce,
  });
}

/** Download: fetches the file and saves it under the name it was uploaded with. */
export const useDownloadReport = () =>
  useMutation({
    mutationFn: async ({ id, filename }: { id: string; filename: string }) =>
      saveBlob(await fetchReportFile(id), filename),
  });
