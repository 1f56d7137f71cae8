import { EmptyState, Loader, Stack } from '@mantine/core';
import { IconPrescription } from '@tabler/icons-react';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePrescriptions } from '../api/list-prescriptions';
import { FillCard } from '../components/fill-card';
import { useFillActions } from '../components/use-fill-actions';

/** /pharmacy/prescriptions: every prescription sent to this pharmacy, newest first, with its next step. */
export function PharmacyPrescriptionsPage() {
  const prescriptions = usePrescriptions();
  const fills = useFillActions();
  return (
    <AreaPage
      heading="Prescriptions"
      intro="Prescriptions patients sent to your pharmacy, newest first. Move each fill on as you work on it: the patient is told at every step."
    >
      <Stack gap="md">
        {fills.statusLine}
        {prescriptions.isPending && <Loader aria-label="Loading the prescriptions sent to you" />}
        {prescriptions.isError && !prescriptions.isFetchNextPageError && (
          <QueryError
            title="We could not load the prescriptions sent to you"
            error={prescriptions.error}
            onRetry={() => void prescriptions.refetch()}
          />
        )}
        {prescriptions.isSuccess && prescriptions.data.length === 0 && (
          <EmptyState
            align="left"
            icon={<IconPrescription size={28} aria-hidden />}
            title="No prescriptions yet"
            description="When a patient sends you a prescription, it is listed here and you are notified."
          />
        )}
        {prescriptions.data?.map((p) => (
          <FillCard key={p._id} prescription={p} headingOrder={2} actions={fills.actionsOf(p)} />
        ))}
        <LoadMoreButton query={prescriptions} label="Load more prescriptions" />
      </Stack>
      {fills.dialog}
    </AreaPage>
  );
}
