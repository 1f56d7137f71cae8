import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { MeasurementKind } from '@tend/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFocusedStatus } from '../../../components/use-focused-status';
import { GraphStatusTiles } from './graph-status-tiles';
import { useMeasurementsT } from '../i18n';
import { kindLabel, readingInWords } from './measurement-words';
import { RecordReadingForm } from './record-reading-form';
import { useUnitSystem } from './use-unit-system';
import { LabelledSection } from '../../../components/labelled-section';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  /** Said in the form's heading on a doctor's page ("for Ana Ruiz"). */
  patientName?: string;
  /** A link to the page with the charts (the patient's dashboard has one). */
  chartsPath?: string;
  headingOrder?: 2 | 3;
};

/**
 * Graph Status: the four tiles and "Record a reading", on the patient's dashboard, their Health page
 * and a doctor's page for them (SPEC's dashboard; DESIGN.md "Health measurements").
 */
export function HealthStatusPanel({ patientId, patientName, chartsPath, headingOrder = 2 }: Props) {
  const { t } = useMeasurementsT();
  const [recording, setRecording] = useState<MeasurementKind | null>(null);
  const { setStatus, statusLine } = useFocusedStatus();
  const system = useUnitSystem();
  const recordRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  const open = (kind: MeasurementKind) => {
    setStatus(null);
    setRecording(kind);
  };
  const close = () => {
    setRecording(null);
    requestAnimationFrame(() => recordRef.current?.focus());
  };

  return (
    <LabelledSection labelledBy={headingId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={headingOrder} size="h4" id={headingId}>
            {t('panel.heading')}
          </Title>
          {recording === null && (
            <Button
              ref={recordRef}
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open('weight')}
            >
              {t('panel.record')}
            </Button>
          )}
        </Group>
        {statusLine}
        {recording !== null && (
          <RecordReadingForm
            // A tile's "Record …" opens the form again with its kind.
            key={recording}
            patientId={patientId}
            heading={patientName ? t('panel.recordFor', { name: patientName }) : t('panel.record')}
            kind={recording}
            onClose={close}
            onRecorded={(reading) => {
              setRecording(null);
              setStatus(
                t('panel.recorded', {
                  kind: kindLabel(t, reading.kind),
                  reading: readingInWords(t, reading.kind, reading.value, system),
                }),
              );
            }}
          />
        )}
        <GraphStatusTiles patientId={patientId} onRecord={open} headingOrder={headingOrder} />
        {chartsPath && (
          <Text size="sm">
            <Anchor component={Link} to={chartsPath} c="tend.8" fw={600}>
              {t('panel.chartsLink')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </LabelledSection>
  );
}
