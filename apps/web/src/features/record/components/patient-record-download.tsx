import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { useDownloadRecord } from '../api/download-record';

type Props = { patientId: string; patientName: string };

/** On a doctor's page for one linked patient: that patient's whole record as one FHIR file. */
export function PatientRecordDownload({ patientId, patientName }: Props) {
  const download = useDownloadRecord(patientId);
  const headingId = useId();
  const noteId = useId();
  return (
    <Stack gap="xs" align="flex-start" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Whole record
      </Title>
      <Text id={noteId}>
        {`Everything Tend keeps about ${patientName}'s health in one FHIR file, for your clinic's system. ${patientName} sees the download in their access log.`}
      </Text>
      {download.isError && (
        <Alert color="red" variant="light" title="The record was not downloaded" role="alert">
          {download.error.message}
        </Alert>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => download.mutate()}
        loading={download.isPending}
        aria-describedby={noteId}
      >
        Download record (FHIR)
      </Button>
    </Stack>
  );
}
