import { API_PREFIX, fhirRecordFileName, localDate } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { deviceTimeZone } from '../../../lib/time-zone';

/**
 * GET /api/v1/me/fhir: the whole record as a FHIR R4 Bundle, saved as tend-record-YYYY-MM-DD.json
 * (this device's day). A patient downloads their own; a doctor names a patient who shares with them,
 * and the download shows in that patient's access log.
 */
export async function downloadRecord(patientId?: string): Promise<void> {
  const query = patientId ? `?patientId=${encodeURIComponent(patientId)}` : '';
  const blob = await apiBlob(`${API_PREFIX}/me/fhir${query}`);
  saveBlob(blob, fhirRecordFileName(localDate(new Date(), deviceTimeZone() ?? 'UTC')));
}

export const useDownloadRecord = (patientId?: string) =>
  useMutation({ mutationFn: () => downloadRecord(patientId) });
