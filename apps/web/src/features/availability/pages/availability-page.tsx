import { Loader } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useAvailability } from '../api/get-availability';
import { AvailabilityForm } from '../components/availability-form';

/** /doctor/availability: the hours patients can book, in the doctor's time zone. */
export function AvailabilityPage() {
  const availability = useAvailability();
  return (
    <AreaPage
      heading="Availability"
      intro="Set the weekly hours patients can book, how long each visit is, and your days off."
    >
      {availability.isPending && <Loader role="status" aria-label="Loading your hours" />}
      {availability.isError && (
        <QueryError
          title="We could not load your hours"
          error={availability.error}
          onRetry={() => void availability.refetch()}
        />
      )}
      {availability.isSuccess && <AvailabilityForm saved={availability.data} />}
    </AreaPage>
  );
}
