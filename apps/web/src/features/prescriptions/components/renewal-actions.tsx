import type { Prescription } from '@tend/shared';
import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useAnswerRenewal } from '../api/prescription-changes';
import { refusalReasonSchema } from '../api/reason-schema';
import { prescriptionTitle } from './prescription-words';

/**
 * The doctor's answer to a renewal the patient asked for at 0 refills: approving writes a new
 * prescription sent to the same pharmacy; refusing needs the reason the patient will read. Gives
 * the buttons for a prescription, the error to show above the list, and the dialog.
 */
export function useRenewalActions(patientName: string, onDone: (message: string) => void) {
  const answer = useAnswerRenewal();
  const [refusing, setRefusing] = useState<Prescription | null>(null);

  const approve = (p: Prescription) =>
    answer.mutate(
      { id: p._id, approve: true },
      {
        onSuccess: (renewed) =>
          onDone(
            `Renewal approved: a new prescription of ${prescriptionTitle(renewed)}, code ${renewed.code}, is sent to the same pharmacy. ${patientName} is notified.`,
          ),
      },
    );

  const actionsOf = (p: Prescription) => {
    if (p.renewal?.status !== 'requested') return null;
    const title = prescriptionTitle(p);
    return (
      <>
        <Button
          aria-label={`Approve renewal of ${title}`}
          loading={answer.isPending && answer.variables.id === p._id && answer.variables.approve}
          disabled={answer.isPending}
          onClick={() => {
            answer.reset();
            approve(p);
          }}
        >
          Approve renewal
        </Button>
        <Button
          variant="outline"
          color="red.9"
          aria-label={`Refuse renewal of ${title}`}
          disabled={answer.isPending}
          onClick={() => {
            answer.reset();
            setRefusing(p);
          }}
        >
          Refuse renewal
        </Button>
      </>
    );
  };

  const error = answer.isError && !refusing && (
    <Alert
      color="red"
      variant="light"
      title="The renewal was not answered"
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() => answer.reset()}
    >
      {answer.error.message}
    </Alert>
  );

  const dialog = refusing && (
    <ReasonDialog
      title="Refuse this renewal?"
      explanation={`${patientName} asked for more of ${prescriptionTitle(refusing)}. No new prescription is written; ${patientName} will see your reason.`}
      submitLabel="Refuse renewal"
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
                `The renewal of ${prescriptionTitle(refusing)} is refused. ${patientName} is notified.`,
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
