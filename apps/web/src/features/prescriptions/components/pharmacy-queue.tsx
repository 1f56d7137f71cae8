import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePharmacyQueue } from '../api/pharmacy-queue';
import { FillCard } from './fill-card';
import { useFillActions } from './use-fill-actions';
import { Trans } from 'react-i18next';
import { usePrescriptionsT } from '../i18n';
import { LabelledSection } from '../../../components/labelled-section';

/**
 * The pharmacy's dashboard: today's queue, the fills still to act on (requested, preparing, ready),
 * each with its next step.
 */
export function PharmacyQueue() {
  const { t } = usePrescriptionsT();
  const queue = usePharmacyQueue();
  const fills = useFillActions();
  const headingId = useId();
  const open = queue.data ?? [];
  return (
    <LabelledSection labelledBy={headingId}>
      <Title order={2} size="h4" mb={4} id={headingId}>
        {t('queue.heading')}
      </Title>
      <Text c="dimmed" mb="md">
        <Trans
          t={t}
          i18nKey="queue.intro"
          // `<a>`, not `<link>`: Trans reads <link> as an empty (void) HTML element.
          components={{
            a: <Anchor component={Link} to="/pharmacy/prescriptions" underline="always" />,
          }}
        />
      </Text>
      <Stack gap="md">
        {fills.statusLine}
        {queue.isPending && <Loader aria-label={t('queue.loading')} />}
        {queue.isError && !queue.isFetchNextPageError && (
          <QueryError
            title={t('queue.loadFailed')}
            error={queue.error}
            onRetry={() => void queue.refetch()}
          />
        )}
        {queue.isSuccess && open.length === 0 && !queue.isFetching && (
          <Alert color="tend" variant="light" title={t('queue.emptyTitle')}>
            {t('queue.emptyText')}
          </Alert>
        )}
        {open.map((p) => (
          <FillCard key={p._id} prescription={p} headingOrder={3} actions={fills.actionsOf(p)} />
        ))}
        <LoadMoreButton query={queue} label={t('queue.loadMore')} />
      </Stack>
      {fills.dialog}
    </LabelledSection>
  );
}
