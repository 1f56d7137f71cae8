import { API_PREFIX } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
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
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; the next task may let the URL go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export const useDownloadReceipt = () => useMutation({ mutationFn: downloadReceipt });
