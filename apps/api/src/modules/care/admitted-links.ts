import { AsyncLocalStorage } from 'node:async_hooks';

/** The care link a request's gate found (plugins/gates.ts), while that request's answer is open. */
const admittedLinks = new AsyncLocalStorage<{
  key: string;
  answer: { readonly writableEnded: boolean };
}>();
const linkKey = (patientId: string, doctorId: string) => `${patientId}\n${doctorId}`;

/**
 * Runs the rest of a request (`next`) knowing its gate found this care link: `isLinked` then
 * answers it without asking the database again, so a doctor's look costs the gate's query and not
 * a second one in the service. Only for the link the gate found, and only until the request's
 * answer has ended (work it left behind asks again).
 */
export function withAdmittedLink(
  link: { patientId: string; doctorId: string },
  answer: { readonly writableEnded: boolean },
  next: () => void,
): void {
  admittedLinks.run({ key: linkKey(link.patientId, link.doctorId), answer }, next);
}

/** Whether the request running now was admitted by its gate for this very link, still unanswered. */
export function admittedFor(patientId: string, doctorId: string): boolean {
  const admitted = admittedLinks.getStore();
  return (
    admitted !== undefined &&
    !admitted.answer.writableEnded &&
    admitted.key === linkKey(patientId, doctorId)
  );
}
