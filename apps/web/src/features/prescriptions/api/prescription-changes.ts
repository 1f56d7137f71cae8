import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { FillStep } from './fill-steps';
import { prescriptionKeys } from './keys';
import { trackedPrescriptionSchema, type TrackedPrescription } from './prescription-schema';

const prescriptionPath = (id: string, action: string) =>
  `/prescriptions/${encodeURIComponent(id)}/${action}`;

/**
 * `POST /refill` answers the prescription, possibly wrapped with which way it went; either way
 * the prescription is what is read (the way it went is known from `refillsleft` before asking).
 */
const refillAnswerSchema = z.union([
  trackedPrescriptionSchema,
  z.object({ prescription: trackedPrescriptionSchema }).transform((answer) => answer.prescription),
]);

/** Every change answers the prescription as it now is; every list holding it is read again. */
function usePrescriptionChange<Input>(request: (input: Input) => Promise<TrackedPrescription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // A 409 means it changed meanwhile (moved, refused, cancelled): show what it is now too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: prescriptionKeys.all }),
  });
}

/** Its patient sends it to a pharmacy, or moves it while nothing is being prepared; that pharmacy is told. */
export const useSendPrescription = () =>
  usePrescriptionChange(({ id, pharmacyId }: { id: string; pharmacyId: string }) =>
    apiRequest(prescriptionPath(id, 'send'), {
      method: 'POST',
      body: { pharmacyId },
      schema: trackedPrescriptionSchema,
    }),
  );

/** Its pharmacy moves the current fill one step on, or refuses it with a reason; the patient is told. */
export const useFillStep = () =>
  usePrescriptionChange(
    ({ id, status, reason }: { id: string; status: FillStep; reason?: string }) =>
      apiRequest(prescriptionPath(id, 'fills/current'), {
        method: 'POST',
        body: reason === undefined ? { status } : { status, reason },
        schema: trackedPrescriptionSchema,
      }),
  );

/** Its patient asks for the next fill at the same pharmacy, or at 0 refills the doctor for a renewal. */
export const useRequestRefill = () =>
  usePrescriptionChange((id: string) =>
    apiRequest(prescriptionPath(id, 'refill'), { method: 'POST', schema: refillAnswerSchema }),
  );

/** Its doctor approves a renewal (a new prescription, sent to the same pharmacy) or refuses it. */
export const useAnswerRenewal = () =>
  usePrescriptionChange(
    ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      apiRequest(prescriptionPath(id, 'renewal'), {
        method: 'POST',
        body: reason === undefined ? { approve } : { approve, reason },
        schema: trackedPrescriptionSchema,
      }),
  );
