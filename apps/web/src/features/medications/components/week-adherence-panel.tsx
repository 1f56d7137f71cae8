import { Progress, Stack, Text } from '@mantine/core';
import { adherenceRate, type AdherenceFigure } from '@tend/shared';
import type { TFunction } from 'i18next';
import { numberFormat } from '../../../i18n/format';
import { medicationAtTime } from '../../../lib/time-of-day';
import { useMyAdherence } from '../api/my-adherence';
import { useMedicationsT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';
import { PlainList } from '../../../components/plain-list';

const WEEK = 7;

/** "5 of 7 doses" (or "1 of 1 dose"). */
function dosesInWords(figure: AdherenceFigure, t: TFunction): string {
  return t('week.doses', { taken: figure.taken, count: figure.due });
}

/** "5 of 7 doses (71%)", or "No doses due" when none was. */
function adherenceInWords(figure: AdherenceFigure, t: TFunction): string {
  const rate = adherenceRate(figure);
  if (rate === null) return t('week.noDosesDue');
  const percent = numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(rate);
  return t('week.adherence', { doses: dosesInWords(figure, t), percent });
}

/** For the patient's dashboard: doses taken over the last 7 days, in total and per medication. */
export function WeekAdherencePanel() {
  const { t } = useMedicationsT();
  const adherence = useMyAdherence(WEEK);
  return (
    <SectionPanel title={t('week.title')}>
      <QueryProgress query={adherence} loading={t('week.loading')} failed={t('week.loadError')} />
      {adherence.isSuccess &&
        (adherence.data.total.due === 0 ? (
          <Text>{t('week.noneDue')}</Text>
        ) : (
          <Stack gap="md">
            <Text fw={700} fz="lg">
              {t('week.took', { doses: dosesInWords(adherence.data.total, t) })}
            </Text>
            <PlainList gap="sm">
              {adherence.data.medications
                .filter((medication) => medication.adherence.due > 0)
                .map((medication) => (
                  <li key={medication._id}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span fw={600} inherit>
                        {medicationAtTime(medication)}
                      </Text>
                      {`: ${adherenceInWords(medication.adherence, t)}`}
                    </Text>
                    <Progress
                      value={(adherenceRate(medication.adherence) ?? 0) * 100}
                      size="sm"
                      mt={4}
                      aria-hidden
                    />
                  </li>
                ))}
            </PlainList>
          </Stack>
        ))}
    </SectionPanel>
  );
}
