import type { Prescription } from '@tend/shared';
import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { trackingFacts } from './fill-words';
import {
  STATUS_COLOURS,
  STATUS_WORDS,
  doseWords,
  prescriptionTitle,
  validUntilWords,
} from './prescription-words';

type Props = {
  prescription: Prescription;
  onDownload: (prescription: Prescription) => void;
  downloading: boolean;
  /** 2 on a page of prescriptions; 3 under a section heading. */
  headingOrder?: 2 | 3;
  /** Buttons after Download PDF (Cancel prescription, Send to pharmacy, the pharmacy's steps …). */
  actions?: ReactNode;
};

/**
 * One prescription: what, how, until when, from whom, its code. The note for the pharmacist is
 * listed only when the answer carries it, which it never does for the patient (decision 025).
 */
export function PrescriptionCard({
  prescription: p,
  onDownload,
  downloading,
  headingOrder = 2,
  actions,
}: Props) {
  const title = prescriptionTitle(p);
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-label={title}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
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
          ...trackingFacts(p),
          ...(p.note ? ([['Pharmacist note', p.note]] as const) : []),
          ...(p.cancelreason ? ([['Why cancelled', p.cancelreason]] as const) : []),
        ]}
      />
      <Group mt="md" gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          aria-label={`Download PDF of ${title}`}
          onClick={() => onDownload(p)}
        >
          Download PDF
        </Button>
        {actions}
      </Group>
    </Paper>
  );
}
