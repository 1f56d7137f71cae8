import { Group, Paper, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { PrescriptionVerification } from '@tend/shared';
import { FactList } from '../../../components/fact-list';
import { usePrescriptionsT } from '../i18n';
import { dateWords, doctorWords, doseWords, prescriptionTitle } from './prescription-words';

/** The verdict first, in words and colour (never colour alone), then what the paper should say. */
export function VerificationResult({ result }: { result: PrescriptionVerification }) {
  const { t } = usePrescriptionsT();
  const { prescription: p } = result;
  const colour = result.valid ? 'tend.9' : 'red.9';
  const cssColour = `var(--mantine-color-${colour.replace('.', '-')})`;
  const Icon = result.valid ? IconCircleCheck : IconCircleX;
  const refills =
    p.refills === 0
      ? t('verification.refillsNone')
      : t('verification.refillsUsed', { refills: p.refills, left: p.refillsleft });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} style={{ borderColor: cssColour }}>
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="xs">
        <Icon size={32} color={cssColour} aria-hidden />
        <Title order={2} size="h3" c={colour}>
          {t(`verification.${result.reason ?? 'valid'}`)}
        </Title>
      </Group>
      <Text mb="md">{result.message}</Text>
      <Title order={3} size="h5" mb="xs">
        {t('verification.heading', { code: p.code })}
      </Title>
      <FactList
        facts={[
          [t('facts.patient'), p.patient.name],
          [
            t('facts.dateOfBirth'),
            p.patient.dateofbirth ? dateWords(p.patient.dateofbirth) : t('verification.notGiven'),
          ],
          [
            t('facts.doctor'),
            p.doctor.specialty
              ? t('doctorWithSpecialty', { name: p.doctor.name, specialty: p.doctor.specialty })
              : doctorWords(p.doctor.name),
          ],
          [t('facts.medication'), prescriptionTitle(p)],
          [t('facts.dose'), doseWords(p)],
          [
            t('facts.quantity'),
            t('words.quantityPerFill', { quantity: p.quantity, unit: p.dose.unit }),
          ],
          [t('facts.refills'), refills],
          [t('facts.validUntil'), dateWords(p.validuntil)],
          [t('facts.writtenOn'), dateWords(p.createdAt.slice(0, 10))],
          [t('facts.instructions'), p.instructions],
        ]}
      />
    </Paper>
  );
}
