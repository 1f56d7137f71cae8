import { API_PREFIX, type Prescription } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/**
 * Download PDF: GET /api/v1/prescriptions/{id}/pdf, fetched with the bearer token (a plain link
 * could not send it), saved under the prescription's code.
 */
export const useDownloadPrescription = () =>
  useMutation({
    mutationFn: async (prescription: Prescription) => {
      const path = `/prescriptions/${encodeURIComponent(prescription._id)}/pdf`;
      saveBlob(await apiBlob(`${API_PREFIX}${path}`), `prescription-${prescription.code}.pdf`);
    },
  });
