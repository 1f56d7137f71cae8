import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import type { Prescription } from '@tend/shared';
import { IconDownload } from '@tabler/icons-react';
import { FactList } from '../../../components/fact-list';
import { STATUS_COLOURS, STATUS_WORDS, doseWords, validUntilWords } from './prescription-words';

type Props = {
  prescription: Prescription;
  onDownload: (prescription: Prescription) => void;
  downloading: boolean;
};

/** One prescription as its patient reads it: what, how, until when, from whom, its code. */
export function PrescriptionCard({ prescription: p, onDownload, downloading }: Props) {
  const title = `${p.medication.name} ${p.medication.strength}, ${p.medication.form}`;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-label={title}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Badge variant="filled" color={STATUS_COLOURS[p.status]}>
          {STATUS_WORDS[p.status]}
        </Badge>
      </Group>
      <FactList
        facts={[
          ['Dose', doseWords(p)],
          ['Quantity', `${p.quantity} × ${p.dose.unit} per fill`],
          ['Refills', p.refills === 0 ? 'None' : String(p.refills)],
          ['Valid until', validUntilWords(p)],
          ['Doctor', `Dr. ${p.doctor.firstname} ${p.doctor.lastname}`],
          [
            'Code',
            <Text key="code" ff="monospace" fw={700} span>
              {p.code}
            </Text>,
          ],
          ['Instructions', p.instructions],
          ...(p.cancelreason ? ([['Why cancelled', p.cancelreason]] as const) : []),
        ]}
      />
      <Button
        mt="md"
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={downloading}
        aria-label={`Download PDF of ${title}`}
        onClick={() => onDownload(p)}
      >
        Download PDF
      </Button>
    </Paper>
  );
}
