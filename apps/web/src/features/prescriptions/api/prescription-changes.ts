import {
  prescriptionSchema,
  refillResultSchema,
  type FillStep,
  type RefillResult,
} from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/api-hooks';
import { prescriptionKeys } from './keys';

const prescriptionPath = (id: string, action: string) =>
  `/prescriptions/${encodeURIComponent(id)}/${action}`;

/** POST /api/v1/prescriptions/{id}/{action}: the answer is the prescription as it now is. */
const postChange = (id: string, action: string, body: object) =>
  apiRequest(prescriptionPath(id, action), { method: 'POST', body, schema: prescriptionSchema });

/**
 * Every change answers the prescription as it now is; every list holding it is read again, after
 * a 409 too: it means the prescription changed meanwhile (moved, refused, cancelled, expired).
 */
const usePrescriptionChange = <Input, Answer>(request: (input: Input) => Promise<Answer>) =>
  useRefreshingMutation(request, [prescriptionKeys.all], { alsoOnFailure: true });

/** Its patient sends it to a pharmacy, or moves it while nothing is being prepared; that pharmacy is told. */
export const useSendPrescription = () =>
  usePrescriptionChange(({ id, pharmacyId }: { id: string; pharmacyId: string }) =>
    postChange(id, 'send', { pharmacyId }),
  );

/** Its pharmacy moves the current fill one step on, or refuses it with a reason; the patient is told. */
export const useFillStep = () =>
  usePrescriptionChange(
    ({ id, status, reason }: { id: string; status: FillStep; reason?: string }) =>
      postChange(id, 'fills/current', reason === undefined ? { status } : { status, reason }),
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
      postChange(id, 'renewal', reason === undefined ? { approve } : { approve, reason }),
  );

/**
 * Its doctor cancels it `{ reason }`, while it is active and nothing is dispensed; otherwise a 409
 * says what it is now. The patient is told, with the reason.
 */
export const useCancelPrescription = () =>
  usePrescriptionChange(({ id, reason }: { id: string; reason: string }) =>
    postChange(id, 'cancel', { reason }),
  );
