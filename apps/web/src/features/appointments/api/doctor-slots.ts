import { slotListSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';
import { listPath } from '../../../lib/paged-list';
import { appointmentKeys } from './keys';

/** GET /api/v1/doctors/{id}/slots?from=&to=: free future slots between two instants. */
export const useDoctorSlots = (doctorId: string, from: string, to: string) =>
  useQuery({
    ...getQuery(
      appointmentKeys.slots(doctorId, from, to),
      listPath(`/doctors/${encodeURIComponent(doctorId)}/slots`, null, { from, to }),
      slotListSchema,
    ),
    // Free slots go quickly; a picker opened again asks afresh.
    staleTime: 0,
  });
