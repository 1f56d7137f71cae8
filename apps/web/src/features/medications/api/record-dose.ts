import { doseSchema, type Dose } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DoseHistory } from './dose-history';
import { medicationKeys, medicationPath } from './keys';

/**
 * PUT /api/v1/medications/{id}/doses/{date}: corrects one day's dose. 400 future_date for a day
 * still to come, outside_window for one outside the medication's dates.
 */
export function recordDose(id: string, { date, taken }: Dose): Promise<Dose> {
  return apiRequest(`${medicationPath(id)}/doses/${encodeURIComponent(date)}`, {
    method: 'PUT',
    body: { taken },
    schema: doseSchema,
  });
}

/** The history with `date` set to `dose` (or unrecorded when there is none). */
function withDose(
  history: DoseHistory | undefined,
  date: string,
  dose: Dose | undefined,
): DoseHistory | undefined {
  if (!history) return history;
  const others = history.doses.filter((entry) => entry.date !== date);
  const doses = dose ? [...others, dose] : others;
  return { ...history, doses: doses.sort((a, b) => a.date.localeCompare(b.date)) };
}

type Attempt = { dose: Dose; before: Dose | undefined };

/** Shown at once, put back if the save fails (the caller says so in words); other days stay. */
export function useRecordDose(
  id: string,
  { onFailure }: { onFailure?: (error: Error, dose: Dose) => void } = {},
) {
  const queryClient = useQueryClient();
  const key = medicationKeys.doses(id);
  const show = (date: string, dose: Dose | undefined) =>
    queryClient.setQueryData<DoseHistory>(key, (history) => withDose(history, date, dose));

  const mutation = useMutation({
    mutationFn: ({ dose }: Attempt) => recordDose(id, dose),
    onMutate: async ({ dose }) => {
      // Cancelling a fetch under way puts back what was there before it began: show it again.
      await queryClient.cancelQueries({ queryKey: key });
      show(dose.date, dose);
    },
    onError: (error, { dose, before }) => {
      show(dose.date, before);
      onFailure?.(error, dose);
    },
    // Today's tick, the list and adherence all follow from the dose log.
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationKeys.all }),
  });

  return {
    record: (dose: Dose): Promise<void> => {
      const before = queryClient
        .getQueryData<DoseHistory>(key)
        ?.doses.find((entry) => entry.date === dose.date);
      show(dose.date, dose);
      // Settles either way; a failure is reported through onFailure.
      return mutation.mutateAsync({ dose, before }).then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
