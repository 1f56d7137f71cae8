import type { ReportList } from '@tend/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updatePages } from '../../../lib/paged-list';
import { reportKeys } from './keys';

/** DELETE /api/v1/reports/{id}: the patient, or the doctor who uploaded it; its bytes go too. */
export async function deleteReport(id: string): Promise<void> {
  await apiRequest(`/reports/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: async (_none, id) => {
      // Gone from every loaded list at once, before the refetch confirms it.
      queryClient.setQueriesData<InfiniteData<ReportList>>({ queryKey: reportKeys.lists }, (data) =>
        updatePages(data, (page) => ({
          ...page,
          reports: page.reports.filter((report) => report._id !== id),
        })),
      );
      queryClient.removeQueries({ queryKey: reportKeys.file(id) });
      await queryClient.invalidateQueries({ queryKey: reportKeys.lists });
    },
  });
}
