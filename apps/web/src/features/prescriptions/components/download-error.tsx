import type { useDownloadPrescription } from '../api/prescription-pdf';
import { usePrescriptionsT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/** Why a PDF did not download, until the person dismisses it (both the doctor's and the patient's lists). */
export function DownloadError({
  download,
}: {
  download: ReturnType<typeof useDownloadPrescription>;
}) {
  const { t } = usePrescriptionsT();
  return (
    <FailureAlert
      title={t('download.failed')}
      message={download.error?.message}
      dismissLabel={t('download.dismiss')}
      onDismiss={() => download.reset()}
    />
  );
}
