import { API_PREFIX } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { appointmentPath } from './keys';

/**
 * GET /api/v1/appointments/{id}/receipt: the PDF needs the bearer token, so it is fetched here
 * and handed to the browser as a download.
 */
export async function downloadReceipt({
  id,
  filename,
}: {
  id: string;
  filename: string;
}): Promise<void> {
  const blob = await apiBlob(`${API_PREFIX}${appointmentPath(id)}/receipt`);
  saveBlob(blob, filename);
}

export const useDownloadReceipt = () => useMutation({ mutationFn: downloadReceipt });
