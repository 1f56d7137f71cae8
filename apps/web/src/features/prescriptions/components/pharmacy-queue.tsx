import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePharmacyQueue } from '../api/pharmacy-queue';
import { FillCard } from './fill-card';
import { useFillActions } from './use-fill-actions';

/**
 * The pharmacy's dashboard: today's queue, the fills still to act on (requested, preparing, ready),
 * each with its next step.
 */
export function PharmacyQueue() {
  const queue = usePharmacyQueue();
  const fills = useFillActions();
  const headingId = useId();
  const open = queue.data ?? [];
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Title order={2} size="h4" mb={4} id={headingId}>
        Today’s queue
      </Title>
      <Text c="dimmed" mb="md">
        Prescriptions patients sent to you that are waiting, being prepared or ready for pickup.
        Everything sent to you is under{' '}
        <Anchor component={Link} to="/pharmacy/prescriptions" underline="always">
          Prescriptions
        </Anchor>
        .
      </Text>
      <Stack gap="md">
        {fills.statusLine}
        {queue.isPending && <Loader aria-label="Loading your queue" />}
        {queue.isError && !queue.isFetchNextPageError && (
          <QueryError
            title="We could not load your queue"
            error={queue.error}
            onRetry={() => void queue.refetch()}
          />
        )}
        {queue.isSuccess && open.length === 0 && !queue.isFetching && (
          <Alert color="tend" variant="light" title="Nothing to prepare">
            No prescription sent to you is waiting. When a patient sends one, or asks for a refill,
            it is listed here and you are notified.
          </Alert>
        )}
        {open.map((p) => (
          <FillCard key={p._id} prescription={p} headingOrder={3} actions={fills.actionsOf(p)} />
        ))}
        <LoadMoreButton query={queue} label="Load more of the queue" />
      </Stack>
      {fills.dialog}
    </Paper>
  );
}
