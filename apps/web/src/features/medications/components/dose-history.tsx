import { Alert, Checkbox, Group, SimpleGrid, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { addDays, daysBetween, isDueOn, type Medication } from '@tend/shared';
import { IconMinus } from '@tabler/icons-react';
import { startTransition, useOptimistic, useState } from 'react';
import { useDoseHistory } from '../api/dose-history';
import { useActingFor } from '../../../lib/acting-for';
import { useRecordDose } from '../api/record-dose';
import { useMedicationsT } from '../i18n';
import { weekdayDate as dayLabel } from './dates';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';

/** Every day from `to` back to `from`, newest first. */
function daysDown(from: string, to: string): string[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(to, -i));
}

/** One due day: ticked when taken, correctable; the state is written beside it too. */
function DayCheckbox({
  label,
  taken,
  onChange,
  readOnly,
}: {
  label: string;
  taken: boolean;
  onChange: (taken: boolean) => Promise<void>;
  /** A caregiver who may see the doses but not tick them. */
  readOnly: boolean;
}) {
  // The box follows the click in the same frame, until the save is over and the cache says.
  const [shown, setShown] = useOptimistic(taken);
  const { t } = useMedicationsT();
  return (
    <Checkbox
      py={4}
      size="sm"
      checked={shown}
      disabled={readOnly}
      label={label}
      description={shown ? t('shared.taken') : t('shared.notTaken')}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        startTransition(async () => {
          setShown(checked);
          await onChange(checked);
        });
      }}
    />
  );
}

/**
 * The last 30 days of one medication, day by day: taken, not taken, or not due (outside its dates),
 * in words beside each box. A due day can be corrected by ticking or unticking it.
 */
export function DoseHistory({ medication }: { medication: Medication }) {
  const { t } = useMedicationsT();
  const history = useDoseHistory(medication._id);
  const acting = useActingFor();
  const readOnly = acting !== null && !acting.areas.includes('doses');
  const [failure, setFailure] = useState<string | null>(null);
  const { record } = useRecordDose(medication._id, {
    onFailure: (error, dose) =>
      setFailure(t('history.notChanged', { day: dayLabel(dose.date), reason: error.message })),
  });

  return (
    <SectionPanel title={t('history.title')} intro={t('history.intro')}>
      <QueryProgress
        query={history}
        loading={t('history.loading')}
        failed={t('history.loadError')}
      />
      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('shared.notSaved')} mb="md">
          {failure}
        </Alert>
      )}
      {history.isSuccess && (
        <SimpleGrid
          cols={{ base: 2, lg: 3 }}
          spacing="xs"
          verticalSpacing="xs"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {daysDown(history.data.from, history.data.to).map((date) => {
            const label = dayLabel(date);
            if (!isDueOn(medication, date)) {
              return (
                <Group key={date} component="li" gap={12} wrap="nowrap" align="flex-start" py={4}>
                  <ThemeIcon size={20} radius="sm" variant="light" color="gray" aria-hidden>
                    <IconMinus size={14} />
                  </ThemeIcon>
                  <div>
                    <Text size="sm" lh={1.45}>
                      {label}
                      <VisuallyHidden>{t('history.notDueHidden')}</VisuallyHidden>
                    </Text>
                    <Text size="xs" c="dimmed" aria-hidden>
                      {t('history.notDue')}
                    </Text>
                  </div>
                </Group>
              );
            }
            const taken = history.data.doses.some((dose) => dose.date === date && dose.taken);
            return (
              <li key={date}>
                <DayCheckbox
                  label={label}
                  taken={taken}
                  readOnly={readOnly}
                  onChange={(checked) => {
                    setFailure(null);
                    return record({ date, taken: checked });
                  }}
                />
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </SectionPanel>
  );
}
