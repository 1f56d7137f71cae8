import type { FillStep, Prescription } from '@tend/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { fullName } from '../../../lib/me';
import { currentFill, fillWordsOf, nextSteps, stepLabel } from '../api/fill-steps';
import { useFillStep } from '../api/prescription-changes';
import { refusalReasonSchema } from '../api/reason-schema';
import { prescriptionTitle } from './prescription-words';
import { useFocusedStatus } from '../../../components/use-focused-status';
import { prescriptionsText, usePrescriptionsT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * A pharmacy's next step on each prescription's current fill, as buttons: the one step forward
 * (Start preparing, Ready for pickup, Dispensed) and Refuse, which asks for the reason the patient
 * will read. Gives the buttons for a prescription, the status line and the error to place above
 * the list, and the dialog.
 */
export function useFillActions() {
  const { t } = usePrescriptionsT();
  const step = useFillStep();
  const [refusing, setRefusing] = useState<Prescription | null>(null);
  const { setStatus, statusLine: said } = useFocusedStatus();

  const take = (p: Prescription, to: FillStep, reason?: string) => {
    const fill = currentFill(p);
    // "Doxycycline 500 mg, tablet for Tomasz Nowak (Refill 1 of 2)": the fill as the card names it,
    // in the page's language at each draw (prescriptionsText and fillWordsOf read it when called).
    const what = () => {
      const whom = { title: prescriptionTitle(p), patient: fullName(p.patient) };
      return fill
        ? prescriptionsText('fills.what', { ...whom, fill: fillWordsOf(p, fill) })
        : prescriptionsText('fills.whatNoFill', whom);
    };
    setStatus(null);
    step.mutate(
      { id: p._id, status: to, reason },
      {
        onSuccess: () => {
          setRefusing(null);
          // What the list says once a step is taken (a dispensed fill is on the medication list).
          setStatus(() => prescriptionsText(`fills.done.${to}`, { what: what() }));
        },
      },
    );
  };

  const actionsOf = (p: Prescription) => {
    const fill = currentFill(p);
    if (!fill || p.status !== 'active') return null;
    const { forward, canRefuse } = nextSteps(fill.status);
    const title = prescriptionTitle(p);
    const patient = fullName(p.patient);
    const busy = step.isPending && step.variables.id === p._id;
    return (
      <>
        {forward && (
          <Button
            aria-label={t('fills.stepAbout', { step: stepLabel(forward), title, patient })}
            loading={busy && step.variables.status === forward}
            disabled={step.isPending}
            onClick={() => take(p, forward)}
          >
            {stepLabel(forward)}
          </Button>
        )}
        {canRefuse && (
          <Button
            variant="outline"
            color="red.9"
            aria-label={t('fills.refuseAbout', { title, patient })}
            disabled={step.isPending}
            onClick={() => {
              setStatus(null);
              step.reset();
              setRefusing(p);
            }}
          >
            {t('fills.refuse')}
          </Button>
        )}
      </>
    );
  };

  const statusLine = (
    <>
      {said}
      {!refusing && (
        <FailureAlert
          title={t('fills.notTaken')}
          message={step.error?.message}
          dismissLabel={t('fills.dismiss')}
          onDismiss={() => step.reset()}
        />
      )}
    </>
  );

  const dialog = refusing && (
    <ReasonDialog
      title={t('fills.refuseTitle')}
      explanation={t('fills.refuseExplanation', {
        title: prescriptionTitle(refusing),
        patient: fullName(refusing.patient),
      })}
      submitLabel={t('fills.refuseSubmit')}
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
