import { EmptyState, Loader, Stack } from '@mantine/core';
import { IconPrescription } from '@tabler/icons-react';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePrescriptions } from '../api/list-prescriptions';
import { useDownloadPrescription } from '../api/prescription-pdf';
import { DownloadError } from '../components/download-error';
import { PrescriptionCard } from '../components/prescription-card';

/** /patient/prescriptions: what the patient's doctors prescribed, newest first, each as a PDF to print. */
export function PatientPrescriptionsPage() {
  const prescriptions = usePrescriptions();
  const download = useDownloadPrescription();
  return (
    <AreaPage
      heading="Prescriptions"
      intro="Prescriptions your doctors wrote for you, newest first. Download one as a PDF to take to a pharmacy: it carries a code the pharmacy can check."
    >
      <Stack gap="md">
        <DownloadError download={download} />
        {prescriptions.isPending && <Loader aria-label="Loading your prescriptions" />}
        {prescriptions.isError && (
          <QueryError
            title="We could not load your prescriptions"
            error={prescriptions.error}
            onRetry={() => void prescriptions.refetch()}
          />
        )}
        {prescriptions.isSuccess && prescriptions.data.length === 0 && (
          <EmptyState
            align="left"
            icon={<IconPrescription size={28} aria-hidden />}
            title="No prescriptions yet"
            description="When a doctor you share with writes you a prescription, it is listed here and you are notified."
          />
        )}
        {prescriptions.data?.map((p) => (
          <PrescriptionCard
            key={p._id}
            prescription={p}
            onDownload={(chosen) => download.mutate(chosen)}
            downloading={download.isPending && download.variables._id === p._id}
          />
        ))}
        <LoadMoreButton query={prescriptions} label="Load more prescriptions" />
      </Stack>
    </AreaPage>
  );
}
