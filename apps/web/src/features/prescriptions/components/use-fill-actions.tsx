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
import { usePrescriptionsT } from '../i18n';
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
    const what = t('fills.what', {
      fill: fill ? fillWordsOf(p, fill) : t('theFill'),
      title: prescriptionTitle(p),
      patient: fullName(p.patient),
    });
    setStatus(null);
    step.mutate(
      { id: p._id, status: to, reason },
      {
        onSuccess: () => {
          setRefusing(null);
          // What the list says once a step is taken (a dispensed fill is on the medication list).
          setStatus(t(`fills.done.${to}`, { what }));
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
