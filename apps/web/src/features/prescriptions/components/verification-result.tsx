import { Group, Paper, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { formatUsDate, type PrescriptionVerification } from '@tend/shared';
import { FactList } from '../../../components/fact-list';
import { doseWords } from './prescription-words';

const HEADINGS = {
  valid: 'Valid: you may dispense it',
  cancelled: 'Cancelled',
  expired: 'Expired',
  no_fills_left: 'No fills left',
} as const;

/** The verdict first, in words and colour (never colour alone), then what the paper should say. */
export function VerificationResult({ result }: { result: PrescriptionVerification }) {
  const { prescription: p } = result;
  const colour = result.valid ? 'tend.9' : 'red.9';
  const cssColour = `var(--mantine-color-${colour.replace('.', '-')})`;
  const Icon = result.valid ? IconCircleCheck : IconCircleX;
  const refills = p.refills === 0 ? 'none' : `${p.refills} (${p.refillsleft} not yet used)`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} style={{ borderColor: cssColour }}>
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="xs">
        <Icon size={32} color={cssColour} aria-hidden />
        <Title order={2} size="h3" c={colour}>
          {HEADINGS[result.reason ?? 'valid']}
        </Title>
      </Group>
      <Text mb="md">{result.message}</Text>
      <Title order={3} size="h5" mb="xs">
        {`Prescription ${p.code}: check it matches the paper`}
      </Title>
      <FactList
        facts={[
          ['Patient', p.patient.name],
          [
            'Date of birth',
            p.patient.dateofbirth ? formatUsDate(p.patient.dateofbirth) : 'not given',
          ],
          [
            'Doctor',
            p.doctor.specialty
              ? `Dr. ${p.doctor.name}, ${p.doctor.specialty}`
              : `Dr. ${p.doctor.name}`,
          ],
          ['Medication', `${p.medication.name} ${p.medication.strength}, ${p.medication.form}`],
          ['Dose', doseWords(p)],
          ['Quantity', `${p.quantity} × ${p.dose.unit} per fill`],
          ['Refills', refills],
          ['Valid until', formatUsDate(p.validuntil)],
          ['Written on', formatUsDate(p.createdAt.slice(0, 10))],
          ['Instructions', p.instructions],
        ]}
      />
    </Paper>
  );
}
