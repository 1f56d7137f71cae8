import { Anchor, Badge, Group, Paper, Text, Title } from '@mantine/core';
import { formatUsDate, type Prescription } from '@tend/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FactList } from '../../../components/fact-list';
import { fullName } from '../../../lib/me';
import { FILL_STATUS_WORDS, currentFill } from '../api/fill-steps';
import { STATUS_WORDS, doseWords, prescriptionTitle, validUntilWords } from './prescription-words';

// Dark shades: white badge text keeps a 4.5:1 contrast on each.
const FILL_COLOURS = {
  requested: 'blue.9',
  preparing: 'violet.9',
  ready: 'tend.9',
  dispensed: 'gray.8',
  refused: 'red.9',
} as const;

type Props = {
  prescription: Prescription;
  headingOrder: 2 | 3;
  /** The next step's buttons. */
  actions: ReactNode;
};

/**
 * A prescription as the pharmacy it was sent to works on it: who it is for (name and date of
 * birth, what the prescription prints), what to hand out, the current fill and its next step. The
 * title opens it on its own page, where a notification about it lands.
 */
export function FillCard({ prescription: p, headingOrder, actions }: Props) {
  const fill = currentFill(p);
  const title = prescriptionTitle(p);
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-label={`${title} for ${fullName(p.patient)}`}
      id={`prescription-${p._id}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/pharmacy/prescriptions/${p._id}`} inherit>
            {title}
          </Anchor>
        </Title>
        {fill && (
          <Badge variant="filled" color={FILL_COLOURS[fill.status]}>
            {FILL_STATUS_WORDS[fill.status]}
          </Badge>
        )}
      </Group>
      <FactList
        facts={[
          ['Patient', fullName(p.patient)],
          [
            'Date of birth',
            p.patient.dateofbirth ? formatUsDate(p.patient.dateofbirth) : 'Not given',
          ],
          ['Dose', doseWords(p)],
          ['Quantity', `${p.quantity} × ${p.dose.unit}`],
          [
            'Fill',
            fill
              ? `${fill.number} of ${p.refills + 1}: ${FILL_STATUS_WORDS[fill.status]}${fill.reason ? `, because: ${fill.reason}` : ''}`
              : 'None requested',
          ],
          ['Valid until', validUntilWords(p)],
          ['Doctor', `Dr. ${fullName(p.doctor)}`],
          [
            'Code',
            <Text key="code" ff="monospace" fw={700} span>
              {p.code}
            </Text>,
          ],
          ['Instructions', p.instructions],
          ...(p.note ? ([['Pharmacist note', p.note]] as const) : []),
          ...(p.status === 'active' ? [] : ([['Prescription', STATUS_WORDS[p.status]]] as const)),
        ]}
      />
      {actions && (
        <Group mt="md" gap="sm">
          {actions}
        </Group>
      )}
    </Paper>
  );
}
