import { Alert } from '@mantine/core';
import type { useDownloadPrescription } from '../api/prescription-pdf';

/** Why a PDF did not download, until the person dismisses it (both the doctor's and the patient's lists). */
export function DownloadError({
  download,
}: {
  download: ReturnType<typeof useDownloadPrescription>;
}) {
  if (!download.isError) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title="The PDF could not be downloaded"
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() => download.reset()}
    >
      {download.error.message}
    </Alert>
  );
}
