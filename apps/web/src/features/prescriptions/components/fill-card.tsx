import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { Prescription } from '@tend/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FactList } from '../../../components/fact-list';
import { fullName } from '../../../lib/me';
import { currentFill, fillLineOf, fillStatusWords } from '../api/fill-steps';
import { usePrescriptionsT } from '../i18n';
import { CardFrame } from './card-frame';
import {
  dateWords,
  doctorWords,
  doseWords,
  prescriptionTitle,
  statusWords,
  validUntilWords,
} from './prescription-words';

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
  const { t } = usePrescriptionsT();
  const fill = currentFill(p);
  const title = prescriptionTitle(p);
  const patient = fullName(p.patient);
  const fillText = fill ? fillLineOf(p, fill) : t('words.noneRequested');
  return (
    <CardFrame
      label={t('fillCard.label', { title, patient })}
      id={`prescription-${p._id}`}
      headingOrder={headingOrder}
      heading={
        <Anchor component={Link} to={`/pharmacy/prescriptions/${p._id}`} inherit>
          {title}
        </Anchor>
      }
      badge={
        fill && (
          <Badge variant="filled" color={FILL_COLOURS[fill.status]}>
            {fillStatusWords(fill.status)}
          </Badge>
        )
      }
    >
      <FactList
        facts={[
          [t('facts.patient'), patient],
          [
            t('facts.dateOfBirth'),
            p.patient.dateofbirth ? dateWords(p.patient.dateofbirth) : t('words.notGiven'),
          ],
          [t('facts.dose'), doseWords(p)],
          [t('facts.quantity'), t('words.quantity', { quantity: p.quantity, unit: p.dose.unit })],
          [
            t('facts.fill'),
            fill?.reason ? t('words.because', { words: fillText, reason: fill.reason }) : fillText,
          ],
          // The refills the patient can still ask for, as their own card counts them.
          [t('facts.refillsLeft'), String(p.refillsleft)],
          [t('facts.validUntil'), validUntilWords(p)],
          [t('facts.doctor'), doctorWords(fullName(p.doctor))],
          [
            t('facts.code'),
            <Text key="code" ff="monospace" fw={700} span>
              {p.code}
            </Text>,
          ],
          [t('facts.instructions'), p.instructions],
          ...(p.note ? ([[t('facts.pharmacistNote'), p.note]] as const) : []),
          ...(p.status === 'active'
            ? []
            : ([[t('facts.prescription'), statusWords(p.status)]] as const)),
        ]}
      />
      {actions && (
        <Group mt="md" gap="sm">
          {actions}
        </Group>
      )}
    </CardFrame>
  );
}
