import { doseSchema, medicationSchema, myAdherenceSchema, type Medication } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actingFor } from '../../../lib/acting-for';
import { apiRequest } from '../../../lib/api-client';
import { isOffline } from '../offline/device-queue';
import { medicationKeys, medicationPath } from './keys';
import { cachedMedication, updateCachedMedications } from './list-medications';

export type TodayDose = { id: string; taken: boolean };

const MUTATION_KEY = ['medications', 'record-today-dose'] as const;

/**
 * PATCH /api/v1/medications/{id} with `{ taken }`: records today's dose (the patient's today).
 * 400 not_due_today when today is outside the medication's dates.
 */
export function recordTodayDose({ id, taken }: TodayDose): Promise<Medication> {
  if (actingFor()) return recordTodayDoseOnBehalf({ id, taken });
  return apiRequest(medicationPath(id), {
    method: 'PATCH',
    body: { taken },
    schema: medicationSchema,
  });
}

/**
 * A caregiver ticks with PUT …/doses/{date} (changing the list itself stays the patient's), on the
 * patient's today, in the patient's time zone: the adherence answer ends on it. The medication is
 * then read again, as the patient's own tick answers it.
 */
async function recordTodayDoseOnBehalf({ id, taken }: TodayDose): Promise<Medication> {
  const { to: today } = await apiRequest('/medications/adherence?days=1', {
    schema: myAdherenceSchema,
  });
  await apiRequest(`${medicationPath(id)}/doses/${today}`, {
    method: 'PUT',
    body: { taken },
    schema: doseSchema,
  });
  return apiRequest(medicationPath(id), { schema: medicationSchema });
}

function setTaken(list: Medication[], id: string, taken: boolean) {
  return list.map((medication) => (medication._id === id ? { ...medication, taken } : medication));
}

type Attempt = { dose: TodayDose; before: boolean };

/**
 * A tick shows at once (DESIGN: optimistic) and is undone if the save fails; the caller says so in
 * words. Only this medication is rolled back, so ticks made meanwhile on others stay.
 */
export function useRecordTodayDose({
  onFailure,
  onOffline,
}: {
  /** Told about every failed save (per-call callbacks only hear of the latest one). */
  onFailure?: (error: Error, dose: TodayDose) => void;
  /**
   * Told instead when the save never reached Tend (no connection), so the tick can be kept and
   * sent later; the tick stays shown. Without it, such a save fails like any other.
   */
  onOffline?: (dose: TodayDose) => void;
} = {}) {
  const queryClient = useQueryClient();
  const show = (id: string, taken: boolean) =>
    updateCachedMedications(queryClient, (list) => setTaken(list, id, taken));

  const mutation = useMutation({
    mutationKey: MUTATION_KEY,
    // Sent at once, online or not: a save held back until the connection returns would go out
    // beside the offline queue's own copy of the tick.
    networkMode: 'always',
    mutationFn: ({ dose }: Attempt) => recordTodayDose(dose),
    onMutate: async ({ dose }) => {
      // A fetch of the list under way would answer with the old state, and cancelling it puts
      // back what was there before it began: so stop it, then show the tick again.
      await queryClient.cancelQueries({ queryKey: medicationKeys.list() });
      show(dose.id, dose.taken);
    },
    onError: (error, { dose, before }) => {
      if (onOffline && isOffline(error)) {
        onOffline(dose);
        return;
      }
      show(dose.id, before);
      onFailure?.(error, dose);
    },
    onSuccess: (saved) => {
      show(saved._id, saved.taken);
      queryClient.setQueryData(medicationKeys.detail(saved._id), saved);
    },
    onSettled: async () => {
      // Refetching while another tick is on its way would briefly undo that one on screen.
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: medicationKeys.all });
    },
  });

  return {
    /**
     * Shows the tick in the cache right away (the mutation's own first step waits), then saves;
     * resolves once the save is over, whatever its outcome.
     */
    record: (dose: TodayDose): Promise<void> => {
      const before = cachedMedication(queryClient, dose.id)?.taken ?? !dose.taken;
      show(dose.id, dose.taken);
      // Settles either way; a failure is reported through onFailure.
      return mutation.mutateAsync({ dose, before }).then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
