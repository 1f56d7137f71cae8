import { API_PREFIX, importRejectedSchema, importResultSchema, type ImportRow } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { measurementKeys } from './keys';

/**
 * What the server answered about a file: every row fine (and imported, unless it was only checked),
 * or nothing imported and each row's answer.
 */
export type ImportOutcome =
  | { ok: true; imported: number; rows: ImportRow[] }
  | { ok: false; message: string; rows: ImportRow[] };

/**
 * POST /api/v1/measurements/import with the file as text/csv; `dryRun` only checks it. All or
 * nothing: a file with a bad row imports nothing and the answer (400) names each bad row and why;
 * other failures throw.
 */
export async function importCsv(file: Blob, dryRun: boolean): Promise<ImportOutcome> {
  const body = new Blob([file], { type: 'text/csv' });
  try {
    const result = await apiRequest(`/measurements/import${dryRun ? '?dryrun=true' : ''}`, {
      method: 'POST',
      body,
      schema: importResultSchema,
    });
    return { ok: true, imported: result.imported, rows: result.rows };
  } catch (error) {
    const rejected = error instanceof ApiRequestError && importRejectedSchema.safeParse(error.body);
    if (rejected && rejected.success && rejected.data.rows) {
      return { ok: false, message: rejected.data.error.message, rows: rejected.data.rows };
    }
    throw error;
  }
}

/** The server's answer per row, nothing imported: the preview before Import. */
export const useCheckCsv = () => useMutation({ mutationFn: (file: Blob) => importCsv(file, true) });

export function useImportCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => importCsv(file, false),
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: measurementKeys.all });
    },
  });
}

/** Export CSV: GET /api/v1/measurements/export.csv, every reading, saved as a file. */
export const useExportCsv = () =>
  useMutation({
    mutationFn: async () => {
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(await apiBlob(`${API_PREFIX}/measurements/export.csv`), `tend-readings-${day}.csv`);
    },
  });
