import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { RecordDownloadButton } from './record-download-button';

/**
 * In a patient's profile settings: their whole record as one FHIR file, which other health apps and
 * clinics' systems can read.
 */
export function RecordDownloadSection() {
  const headingId = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby={headingId}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={headingId}>
          Your record
        </Title>
        <Text>
          Download everything Tend keeps about your health in one file: your details, medications
          and the doses you ticked, prescriptions, readings, appointments and medical reports. The
          file is in FHIR, the format health records use, so another clinic or health app can read
          it. Keep it safe: anyone who has the file can read it.
        </Text>
        <RecordDownloadButton
          label="Download my record (FHIR)"
          failed="Your record was not downloaded"
        />
      </Stack>
    </Paper>
  );
}
