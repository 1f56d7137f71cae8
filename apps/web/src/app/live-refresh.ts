import { useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../features/appointments/api/keys';
import { measurementKeys } from '../features/measurements/api/keys';
import { medicationKeys } from '../features/medications/api/keys';
import { prescriptionKeys } from '../features/prescriptions/api/keys';
import { trackingKeys } from '../features/tracking/api/keys';
import { actingFor } from '../lib/acting-for';
import { refreshLive } from '../lib/live-refetch';
import { useLiveEvent } from '../lib/live-events';
import { useMe } from '../lib/me';

/**
 * While a signed-in area is open, the lists another person changes follow their live events, without
 * a reload and without touching what is being typed (React Query refetches under the mounted page):
 * - an appointment booked, accepted, cancelled…: every appointment list and card, the directory and
 *   free slots that depend on them;
 * - a dose ticked (by the patient, a caregiver or a reminder's Taken): the checklist, medications and
 *   adherence of the person whose pages are shown; a doctor's list of patients and that patient's page;
 * - a reading recorded or deleted: the readings shown, and a doctor's list ("outside your target");
 * - a prescription written, sent or its fill stepped: the patient's cards, the pharmacy's queue, the
 *   doctor's view of the patient; a dispensing adds to the patient's medications;
 * - lost events (`resync`): everything shown.
 * Each refetch says it is a live one (lib/live-refetch.ts), so a doctor's looks made that way are
 * recorded at most once an hour (decision 054).
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const myId = useMe().data?._id;
  // Whose pages are shown: the person's own, or those of the patient they care for right now.
  const isShown = (patientId: string) => patientId === (actingFor()?.patientId ?? myId);
  const refresh = (...keys: readonly (readonly unknown[])[]) => {
    for (const key of keys) void refreshLive(queryClient, key);
  };
  useLiveEvent('dose', ({ patientId }) => {
    if (isShown(patientId)) refresh(medicationKeys.all);
    // A doctor's: the patient's today's doses and adherence, on the list and on their own page.
    else refresh(trackingKeys.patients, trackingKeys.patient(patientId));
  });
  useLiveEvent('reading', ({ patientId }) => {
    if (isShown(patientId)) refresh(measurementKeys.ofPatient(null));
    else refresh(trackingKeys.patients, measurementKeys.ofPatient(patientId));
  });
  useLiveEvent('prescription', ({ patientId, change }) => {
    refresh(prescriptionKeys.all);
    // A dispensing puts the medication on the patient's list (seen by them and their doctor).
    if (change !== 'fill') return;
    if (isShown(patientId)) refresh(medicationKeys.all);
    else refresh(trackingKeys.patient(patientId));
  });
  useLiveEvent('appointment', () => {
    refresh(appointmentKeys.all, appointmentKeys.directoryAll, appointmentKeys.slotsAll);
  });
  useLiveEvent('resync', () => refresh([]));
}
