import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useDownloadRecord } from '../api/download-record';
import { FailureAlert } from '../../../components/failure-alert';

type Props = {
  /** A doctor's linked patient; the signed-in patient's own record without it. */
  patientId?: string;
  label: string;
  /** The title of the alert when the download fails. */
  failed: string;
  describedBy?: string;
};

/** The download of a whole record as one FHIR file, and why it failed, in words, if it did. */
export function RecordDownloadButton({ patientId, label, failed, describedBy }: Props) {
  const download = useDownloadRecord(patientId);
  return (
    <>
      <FailureAlert title={failed} message={download.error?.message} />
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => download.mutate()}
        loading={download.isPending}
        aria-describedby={describedBy}
      >
        {label}
      </Button>
    </>
  );
}
