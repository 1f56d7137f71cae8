import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { RecordDownloadButton } from './record-download-button';

type Props = { patientId: string; patientName: string };

/** On a doctor's page for one linked patient: that patient's whole record as one FHIR file. */
export function PatientRecordDownload({ patientId, patientName }: Props) {
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
      <RecordDownloadButton
        patientId={patientId}
        label="Download record (FHIR)"
        failed="The record was not downloaded"
        describedBy={noteId}
      />
    </Stack>
  );
}
