import { Button, EmptyState, Group, Loader, Text } from '@mantine/core';
import type { Medication } from '@tend/shared';
import { IconPill, IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { QueryError } from '../../../components/query-error';
import { useDeleteMedication } from '../api/delete-medication';
import { useMedications } from '../api/list-medications';
import { MedicationTable } from '../components/medication-table';

function NoMedications() {
  return (
    <EmptyState
      align="left"
      icon={<IconPill size={28} aria-hidden />}
      title="You have no medications yet."
      description="Add the medications you take, and Tend will list them here and on your daily checklist."
    >
      <EmptyState.Actions>
        <Button component={Link} to="/patient/create-medication">
          Create Medication
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /patient/medications: SPEC §2's table (DESIGN titles it "Medications"), with a confirmed delete. */
export function MedicationsPage() {
  const medications = useMedications();
  const deletion = useDeleteMedication();
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<Medication>(
    deletion,
    statusRef,
    (medication) => `${medication.name} was deleted.`,
  );

  return (
    <AreaPage heading="Medications" intro="Everything you take, with its dates and time of day.">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <div role="status" ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
          {status && (
            <Text fw={600} c="tend.9">
              {status}
            </Text>
          )}
        </div>
        {medications.isSuccess && medications.data.length > 0 && (
          <Button
            component={Link}
            to="/patient/create-medication"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Create Medication
          </Button>
        )}
      </Group>
      {medications.isPending && <Loader aria-label="Loading your medications" />}
      {medications.isError && (
        <QueryError
          title="We could not load your medications"
          error={medications.error}
          onRetry={() => void medications.refetch()}
        />
      )}
      {medications.isSuccess &&
        (medications.data.length === 0 ? (
          <NoMedications />
        ) : (
          <>
            <MedicationTable medications={medications.data} onDelete={ask} />
            <LoadMoreButton query={medications} label="Load more medications" />
          </>
        ))}
      <ConfirmDialog
        {...dialog}
        title="Delete this medication?"
        confirmLabel="Yes I'm sure"
        cancelLabel="No, go back"
      >
        {`Are you sure you want to delete ${target?.name ?? 'this medication'}? Its dose history will be deleted too.`}
      </ConfirmDialog>
    </AreaPage>
  );
}
