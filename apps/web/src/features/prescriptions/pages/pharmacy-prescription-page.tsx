import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { ApiRequestError } from '../../../lib/api-client';
import { usePrescription } from '../api/get-prescription';
import { FillCard } from '../components/fill-card';
import { useFillActions } from '../components/use-fill-actions';
import { usePrescriptionsT } from '../i18n';

/**
 * /pharmacy/prescriptions/:id: one prescription sent to this pharmacy, with its next step. A
 * notification about a prescription (sent, a refill asked for) opens it here.
 */
export function PharmacyPrescriptionPage() {
  const { t } = usePrescriptionsT();
  const { id = '' } = useParams();
  const prescription = usePrescription(id);
  const fills = useFillActions();
  const gone = prescription.error instanceof ApiRequestError && prescription.error.status === 404;
  return (
    <AreaPage heading={t('pharmacyPage.heading')}>
      <Stack gap="md">
        <Anchor component={Link} to="/pharmacy/prescriptions">
          <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
          {t('pharmacyPage.back')}
        </Anchor>
        {fills.statusLine}
        {prescription.isPending && <Loader aria-label={t('pharmacyPage.loading')} />}
        {gone && (
          <Alert color="orange" variant="light" title={t('pharmacyPage.goneTitle')}>
            {t('pharmacyPage.goneText')}
          </Alert>
        )}
        {prescription.isError && !gone && (
          <QueryError
            title={t('pharmacyPage.loadFailed')}
            error={prescription.error}
            onRetry={() => void prescription.refetch()}
          />
        )}
        {prescription.data && (
          <FillCard
            prescription={prescription.data}
            headingOrder={2}
            actions={fills.actionsOf(prescription.data)}
          />
        )}
      </Stack>
      {fills.dialog}
    </AreaPage>
  );
}
