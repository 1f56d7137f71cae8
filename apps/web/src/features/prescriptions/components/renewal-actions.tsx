import type { Prescription } from '@tend/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useAnswerRenewal } from '../api/prescription-changes';
import { refusalReasonSchema } from '../api/reason-schema';
import { prescriptionTitle } from './prescription-words';
import { usePrescriptionsT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * The doctor's answer to a renewal the patient asked for at 0 refills: approving writes a new
 * prescription sent to the same pharmacy; refusing needs the reason the patient will read. Gives
 * the buttons for a prescription, the error to show above the list, and the dialog.
 */
export function useRenewalActions(patientName: string, onDone: (message: string) => void) {
  const { t } = usePrescriptionsT();
  const answer = useAnswerRenewal();
  const [refusing, setRefusing] = useState<Prescription | null>(null);

  const approve = (p: Prescription) =>
    answer.mutate(
      { id: p._id, approve: true },
      {
        onSuccess: (renewed) =>
          onDone(
            t('renewal.approved', {
              title: prescriptionTitle(renewed),
              code: renewed.code,
              patient: patientName,
            }),
          ),
      },
    );

  const actionsOf = (p: Prescription) => {
    if (p.renewal?.status !== 'requested') return null;
    const title = prescriptionTitle(p);
    return (
      <>
        <Button
          aria-label={t('renewal.approveOf', { title })}
          loading={answer.isPending && answer.variables.id === p._id && answer.variables.approve}
          disabled={answer.isPending}
          onClick={() => {
            answer.reset();
            approve(p);
          }}
        >
          {t('renewal.approve')}
        </Button>
        <Button
          variant="outline"
          color="red.9"
          aria-label={t('renewal.refuseOf', { title })}
          disabled={answer.isPending}
          onClick={() => {
            answer.reset();
            setRefusing(p);
          }}
        >
          {t('renewal.refuse')}
        </Button>
      </>
    );
  };

  const error = !refusing && (
    <FailureAlert
      title={t('renewal.notAnswered')}
      message={answer.error?.message}
      dismissLabel={t('renewal.dismiss')}
      onDismiss={() => answer.reset()}
    />
  );

  const dialog = refusing && (
    <ReasonDialog
      title={t('renewal.refuseTitle')}
      explanation={t('renewal.refuseExplanation', {
        patient: patientName,
        title: prescriptionTitle(refusing),
      })}
      submitLabel={t('renewal.refuse')}
      schema={refusalReasonSchema}
      pending={answer.isPending}
      error={answer.isError ? answer.error.message : null}
      onSubmit={(reason) =>
        answer.mutate(
          { id: refusing._id, approve: false, reason },
          {
            onSuccess: () => {
              setRefusing(null);
              onDone(
                t('renewal.refused', { title: prescriptionTitle(refusing), patient: patientName }),
              );
            },
          },
        )
      }
      onClose={() => {
        answer.reset();
        setRefusing(null);
      }}
    />
  );

  return { actionsOf, error, dialog };
}
