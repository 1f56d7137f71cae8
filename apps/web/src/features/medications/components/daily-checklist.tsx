import { Alert, Button, Checkbox, EmptyState, Loader, Stack, Text, Title } from '@mantine/core';
import { isDueOn, TIME_FREQUENCIES, type Medication } from '@tend/shared';
import { IconChecklist } from '@tabler/icons-react';
import { startTransition, useOptimistic, useState } from 'react';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { TIME_OF_DAY_LABELS } from '../../../lib/time-of-day';
import { useMedications } from '../api/list-medications';
import { useRecordTodayDose } from '../api/record-today-dose';
import { usePatientToday } from './use-today';

type Props = {
  /** The level of the Day / Afternoon / Night headings where the list sits. */
  headingOrder: 2 | 3;
};

function DoseCheckbox({
  medication,
  onChange,
}: {
  medication: Medication;
  /** Saves the tick; resolves when the save is over. */
  onChange: (taken: boolean) => Promise<void>;
}) {
  // The box follows the click in the same frame, until the save is over and the cache says.
  const [taken, setTaken] = useOptimistic(medication.taken);
  return (
    <Checkbox
      size="md"
      checked={taken}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        startTransition(async () => {
          setTaken(checked);
          await onChange(checked);
        });
      }}
      label={
        <>
          <Text span fw={600}>
            {medication.name}
          </Text>
          {medication.dosage && (
            <Text span c="dimmed">
              {` ${medication.dosage}`}
            </Text>
          )}
        </>
      }
      styles={{ label: { overflowWrap: 'anywhere' } }}
    />
  );
}

function NothingToday({ hasMedications }: { hasMedications: boolean }) {
  if (!hasMedications) {
    return (
      <EmptyState
        align="left"
        icon={<IconChecklist size={28} aria-hidden />}
        title="You have no medications yet."
        description="Add a medication and it will appear here on each day you take it."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/patient/create-medication">
            Create Medication
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      align="left"
      icon={<IconChecklist size={28} aria-hidden />}
      title="Nothing to take today."
      description="None of your medications is scheduled for today. Check their start and end dates, or add a new one."
    >
      <EmptyState.Actions>
        <Button component={Link} to="/patient/medications" variant="default">
          See your medications
        </Button>
        <Button component={Link} to="/patient/create-medication">
          Create Medication
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * Today's doses (SPEC §2 daily medication): the medications due today in the patient's time zone,
 * by time of day. A tick is saved at once and shown at once; if the save fails it is undone and
 * the reason is said in words (DESIGN fixes the spec's silent loss).
 */
export function DailyChecklist({ headingOrder }: Props) {
  const medications = useMedications({ live: true });
  const today = usePatientToday();
  const [failure, setFailure] = useState<string | null>(null);
  const { record } = useRecordTodayDose({
    onFailure: (error, dose) => {
      const name = medications.data?.find((m) => m._id === dose.id)?.name ?? 'This medication';
      const as = dose.taken ? 'taken' : 'not taken';
      setFailure(`${name} could not be saved as ${as}, so it is back as it was. ${error.message}`);
    },
  });

  if (medications.isPending) return <Loader aria-label="Loading today’s medications" />;
  if (medications.isError) {
    return (
      <QueryError
        title="We could not load your medications"
        error={medications.error}
        onRetry={() => void medications.refetch()}
      />
    );
  }

  const due = medications.data.filter((medication) => isDueOn(medication, today));
  const more = <LoadMoreButton query={medications} label="Load more medications" />;
  if (due.length === 0 && !medications.hasNextPage) {
    return <NothingToday hasMedications={medications.data.length > 0} />;
  }

  const taken = due.filter((medication) => medication.taken).length;
  const groups = TIME_FREQUENCIES.map((time) => ({
    time,
    items: due.filter((medication) => medication.timefrequency === time),
  })).filter((group) => group.items.length > 0);

  const change = (medication: Medication, checked: boolean) => {
    setFailure(null);
    return record({ id: medication._id, taken: checked });
  };

  return (
    <Stack gap="lg">
      <Text fw={600}>
        {medications.hasNextPage
          ? `${taken} of ${due.length} doses taken today among the medications shown; load more to see the rest.`
          : taken === due.length
            ? `All ${due.length} of today’s doses taken. Well done.`
            : `${taken} of ${due.length} doses taken today.`}
      </Text>
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Not saved"
          withCloseButton
          closeButtonLabel="Dismiss message"
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}
      {groups.map((group) => (
        <div key={group.time}>
          <Title order={headingOrder} size="h4" mb="sm">
            {TIME_OF_DAY_LABELS[group.time]}
          </Title>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {group.items.map((medication) => (
              <li key={medication._id}>
                <DoseCheckbox
                  medication={medication}
                  onChange={(checked) => change(medication, checked)}
                />
              </li>
            ))}
          </Stack>
        </div>
      ))}
      {more}
    </Stack>
  );
}
