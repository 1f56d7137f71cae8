import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useRecordT } from '../i18n';
import { RecordDownloadButton } from './record-download-button';

type Props = { patientId: string; patientName: string };

/** On a doctor's page for one linked patient: that patient's whole record as one FHIR file. */
export function PatientRecordDownload({ patientId, patientName }: Props) {
  const { t } = useRecordT();
  const headingId = useId();
  const noteId = useId();
  return (
    <Stack gap="xs" align="flex-start" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('patient.heading')}
      </Title>
      <Text id={noteId}>{t('patient.text', { name: patientName })}</Text>
      <RecordDownloadButton
        patientId={patientId}
        label={t('patient.download')}
        failed={t('patient.failed')}
        describedBy={noteId}
      />
    </Stack>
  );
}
