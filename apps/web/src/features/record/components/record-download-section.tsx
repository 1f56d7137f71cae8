import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useRecordT } from '../i18n';
import { RecordDownloadButton } from './record-download-button';
import { LabelledSection } from '../../../components/labelled-section';

/**
 * In a patient's profile settings: their whole record as one FHIR file, which other health apps and
 * clinics' systems can read.
 */
export function RecordDownloadSection() {
  const { t } = useRecordT();
  const headingId = useId();
  return (
    <LabelledSection labelledBy={headingId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={headingId}>
          {t('own.heading')}
        </Title>
        <Text>{t('own.text')}</Text>
        <RecordDownloadButton label={t('own.download')} failed={t('own.failed')} />
      </Stack>
    </LabelledSection>
  );
}
