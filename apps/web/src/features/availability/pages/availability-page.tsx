import { Loader } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useAvailability } from '../api/get-availability';
import { AvailabilityForm } from '../components/availability-form';
import { useAvailabilityT } from '../i18n';

/** /doctor/availability: the hours patients can book, in the doctor's time zone. */
export function AvailabilityPage() {
  const { t } = useAvailabilityT();
  const availability = useAvailability();
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      {availability.isPending && <Loader role="status" aria-label={t('page.loading')} />}
      {availability.isError && (
        <QueryError
          title={t('page.loadFailed')}
          error={availability.error}
          onRetry={() => void availability.refetch()}
        />
      )}
      {availability.isSuccess && <AvailabilityForm saved={availability.data} />}
    </AreaPage>
  );
}
