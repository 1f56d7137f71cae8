import { prescriptionSchema, type Prescription, type PrescriptionCreate } from '@tend/shared';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { prescriptionKeys } from './keys';

/** POST /api/v1/prescriptions: 201 with the new prescription and its code; the patient is told. */
export const writePrescription = sendTo<PrescriptionCreate, Prescription>(
  'POST',
  '/prescriptions',
  prescriptionSchema,
);

export const useWritePrescription = () =>
  useRefreshingMutation(writePrescription, [prescriptionKeys.all]);
