import type { FillStep, Prescription } from '@tend/shared';
import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { fullName } from '../../../lib/me';
import { STEP_LABELS, currentFill, fillName, nextSteps } from '../api/fill-steps';
import { useFillStep } from '../api/prescription-changes';
import { refusalReasonSchema } from '../api/reason-schema';
import { prescriptionTitle } from './prescription-words';
import { useFocusedStatus } from '../../../components/use-focused-status';

/** What the list says once a step is taken. */
const DONE_WORDS: Record<FillStep, string> = {
  preparing: 'is being prepared',
  ready: 'is ready for pickup',
  dispensed: 'is dispensed',
  refused: 'is refused',
};

/**
 * A pharmacy's next step on each prescription's current fill, as buttons: the one step forward
 * (Start preparing, Ready for pickup, Dispensed) and Refuse, which asks for the reason the patient
 * will read. Gives the buttons for a prescription, the status line and the error to place above
 * the list, and the dialog.
 */
export function useFillActions() {
  const step = useFillStep();
  const [refusing, setRefusing] = useState<Prescription | null>(null);
  const { setStatus, statusLine: said } = useFocusedStatus();

  const take = (p: Prescription, to: FillStep, reason?: string) => {
    const fill = currentFill(p);
    const what = `${fill ? fillName(fill) : 'The fill'} of ${prescriptionTitle(p)} for ${fullName(p.patient)}`;
    setStatus(null);
    step.mutate(
      { id: p._id, status: to, reason },
      {
        onSuccess: () => {
          setRefusing(null);
          const told = to === 'dispensed' ? ' It is on the patient’s medication list.' : '';
          setStatus(`${what} ${DONE_WORDS[to]}. The patient is notified.${told}`);
        },
      },
    );
  };

  const actionsOf = (p: Prescription) => {
    const fill = currentFill(p);
    if (!fill || p.status !== 'active') return null;
    const { forward, canRefuse } = nextSteps(fill.status);
    const title = prescriptionTitle(p);
    const busy = step.isPending && step.variables.id === p._id;
    return (
      <>
        {forward && (
          <Button
            aria-label={`${STEP_LABELS[forward]}: ${title} for ${fullName(p.patient)}`}
            loading={busy && step.variables.status === forward}
            disabled={step.isPending}
            onClick={() => take(p, forward)}
          >
            {STEP_LABELS[forward]}
          </Button>
        )}
        {canRefuse && (
          <Button
            variant="outline"
            color="red.9"
            aria-label={`Refuse: ${title} for ${fullName(p.patient)}`}
            disabled={step.isPending}
            onClick={() => {
              setStatus(null);
              step.reset();
              setRefusing(p);
            }}
          >
            Refuse
          </Button>
        )}
      </>
    );
  };

  const statusLine = (
    <>
      {said}
      {step.isError && !refusing && (
        <Alert
          color="red"
          variant="light"
          title="That step was not taken"
          withCloseButton
          closeButtonLabel="Dismiss message"
          onClose={() => step.reset()}
        >
          {step.error.message}
        </Alert>
      )}
    </>
  );

  const dialog = refusing && (
    <ReasonDialog
      title="Refuse this fill?"
      explanation={`${prescriptionTitle(refusing)} for ${fullName(refusing.patient)} will not be prepared here. The patient is told, with your reason.`}
      submitLabel="Refuse fill"
      schema={refusalReasonSchema}
      pending={step.isPending}
      error={step.isError ? step.error.message : null}
      onSubmit={(reason) => take(refusing, 'refused', reason)}
      onClose={() => {
        step.reset();
        setRefusing(null);
      }}
    />
  );

  return { actionsOf, statusLine, dialog };
}
