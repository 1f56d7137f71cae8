import { Alert } from '@mantine/core';
import type { useDownloadPrescription } from '../api/prescription-pdf';
import { usePrescriptionsT } from '../i18n';

/** Why a PDF did not download, until the person dismisses it (both the doctor's and the patient's lists). */
export function DownloadError({
  download,
}: {
  download: ReturnType<typeof useDownloadPrescription>;
}) {
  const { t } = usePrescriptionsT();
  if (!download.isError) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('download.failed')}
      withCloseButton
      closeButtonLabel={t('download.dismiss')}
      onClose={() => download.reset()}
    >
      {download.error.message}
    </Alert>
  );
}
