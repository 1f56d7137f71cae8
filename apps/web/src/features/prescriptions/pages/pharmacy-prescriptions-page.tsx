import { EmptyState, Loader, Stack } from '@mantine/core';
import { IconPrescription } from '@tabler/icons-react';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePrescriptions } from '../api/list-prescriptions';
import { FillCard } from '../components/fill-card';
import { useFillActions } from '../components/use-fill-actions';
import { usePrescriptionsT } from '../i18n';

/** /pharmacy/prescriptions: every prescription sent to this pharmacy, newest first, with its next step. */
export function PharmacyPrescriptionsPage() {
  const { t } = usePrescriptionsT();
  const prescriptions = usePrescriptions();
  const fills = useFillActions();
  return (
    <AreaPage heading={t('pharmacyListPage.heading')} intro={t('pharmacyListPage.intro')}>
      <Stack gap="md">
        {fills.statusLine}
        {prescriptions.isPending && <Loader aria-label={t('pharmacyListPage.loading')} />}
        {prescriptions.isError && !prescriptions.isFetchNextPageError && (
          <QueryError
            title={t('pharmacyListPage.loadFailed')}
            error={prescriptions.error}
            onRetry={() => void prescriptions.refetch()}
          />
        )}
        {prescriptions.isSuccess && prescriptions.data.length === 0 && (
          <EmptyState
            align="left"
            icon={<IconPrescription size={28} aria-hidden />}
            title={t('pharmacyListPage.emptyTitle')}
            description={t('pharmacyListPage.emptyText')}
          />
        )}
        {prescriptions.data?.map((p) => (
          <FillCard key={p._id} prescription={p} headingOrder={2} actions={fills.actionsOf(p)} />
        ))}
        <LoadMoreButton query={prescriptions} label={t('pharmacyListPage.loadMore')} />
      </Stack>
      {fills.dialog}
    </AreaPage>
  );
}
