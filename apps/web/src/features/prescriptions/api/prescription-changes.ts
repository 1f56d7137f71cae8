import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  prescriptionSchema,
  refillResultSchema,
  type FillStep,
  type RefillResult,
} from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';
import { prescriptionKeys } from './keys';

const prescriptionPath = (id: string, action: string) =>
  `/prescriptions/${encodeURIComponent(id)}/${action}`;

/** Every change answers the prescription as it now is; every list holding it is read again. */
function usePrescriptionChange<Input, Answer>(request: (input: Input) => Promise<Answer>) {
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
      schema: prescriptionSchema,
    }),
  );

/** Its pharmacy moves the current fill one step on, or refuses it with a reason; the patient is told. */
export const useFillStep = () =>
  usePrescriptionChange(
    ({ id, status, reason }: { id: string; status: FillStep; reason?: string }) =>
      apiRequest(prescriptionPath(id, 'fills/current'), {
        method: 'POST',
        body: reason === undefined ? { status } : { status, reason },
        schema: prescriptionSchema,
      }),
  );

/**
 * Its patient asks for the next fill at the same pharmacy, or at 0 refills the doctor for a
 * renewal; the answer says which (`outcome`).
 */
export const useRequestRefill = () =>
  usePrescriptionChange((id: string): Promise<RefillResult> =>
    apiRequest(prescriptionPath(id, 'refill'), { method: 'POST', schema: refillResultSchema }),
  );

/** Its doctor approves a renewal (a new prescription, sent to the same pharmacy) or refuses it. */
export const useAnswerRenewal = () =>
  usePrescriptionChange(
    ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      apiRequest(prescriptionPath(id, 'renewal'), {
        method: 'POST',
        body: reason === undefined ? { approve } : { approve, reason },
        schema: prescriptionSchema,
      }),
  );
