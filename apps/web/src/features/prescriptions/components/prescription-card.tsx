import type { Prescription } from '@tend/shared';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { trackingFacts } from './fill-words';
import { usePrescriptionsT } from '../i18n';
import { CardFrame } from './card-frame';
import {
  STATUS_COLOURS,
  doctorWords,
  doseWords,
  prescriptionTitle,
  statusWords,
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
  const { t } = usePrescriptionsT();
  const title = prescriptionTitle(p);
  return (
    <CardFrame
      label={title}
      headingOrder={headingOrder}
      heading={title}
      badge={
        <Badge variant="filled" color={STATUS_COLOURS[p.status]}>
          {statusWords(p.status)}
        </Badge>
      }
    >
      <FactList
        facts={[
          [t('facts.dose'), doseWords(p)],
          [
            t('facts.quantity'),
            t('words.quantityPerFill', { quantity: p.quantity, unit: p.dose.unit }),
          ],
          [t('facts.refills'), p.refills === 0 ? t('words.none') : String(p.refills)],
          [t('facts.validUntil'), validUntilWords(p)],
          [t('facts.doctor'), doctorWords(`${p.doctor.firstname} ${p.doctor.lastname}`)],
          [
            t('facts.code'),
            <Text key="code" ff="monospace" fw={700} span>
              {p.code}
            </Text>,
          ],
          [t('facts.instructions'), p.instructions],
          ...trackingFacts(p),
          ...(p.note ? ([[t('facts.pharmacistNote'), p.note]] as const) : []),
          ...(p.cancelreason ? ([[t('facts.whyCancelled'), p.cancelreason]] as const) : []),
        ]}
      />
      <Group mt="md" gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          aria-label={t('card.downloadOf', { title })}
          onClick={() => onDownload(p)}
        >
          {t('card.download')}
        </Button>
        {actions}
      </Group>
    </CardFrame>
  );
}
