import { medicationSchema, type Medication, type MedicationInput } from '@tend/shared';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { medicationKeys } from './keys';

/** POST /api/v1/medications: 201 with the new medication. */
export const createMedication = sendTo<MedicationInput, Medication>(
  'POST',
  '/medications',
  medicationSchema,
);

export const useCreateMedication = () =>
  useRefreshingMutation(createMedication, [medicationKeys.all]);
