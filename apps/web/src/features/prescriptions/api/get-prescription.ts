import { prescriptionSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';
import { prescriptionKeys } from './keys';

/** GET /api/v1/prescriptions/{id}: its patient, its doctor, or the pharmacy it is sent to now (else 404). */
export const usePrescription = (id: string) =>
  useQuery(
    getQuery(
      prescriptionKeys.one(id),
      `/prescriptions/${encodeURIComponent(id)}`,
      prescriptionSchema,
    ),
  );
