import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { isValidDateOnly } from '@tend/shared';
import { useState } from 'react';
import { dateTimeFormat } from '../../../i18n/format';
import { useAvailabilityT } from '../i18n';
import { DateField } from '../../../components/date-time-fields';

type Props = {
  daysoff: string[];
  /** The first day that can still be taken off (today in the doctor's time zone). */
  today: string;
  error: string | undefined;
  onChange: (daysoff: string[]) => void;
};

/** "Thu, Nov 26, 2026" in the page's language. */
const dayText = (date: string) =>
  dateTimeFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** Whole days without appointments (holidays, training), added one at a time. */
export function DaysOffFields({ daysoff, today, error, onChange }: Props) {
  const { t } = useAvailabilityT();
  const [picked, setPicked] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);

  const add = () => {
    if (!isValidDateOnly(picked)) return setPickError(t('daysOff.chooseDate'));
    if (picked < today) return setPickError(t('daysOff.chooseLater'));
    setPickError(null);
    if (!daysoff.includes(picked)) onChange([...daysoff, picked].sort());
    setPicked('');
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <DateField
          label={t('daysOff.dayOff')}
          min={today}
          value={picked}
          onChange={(day) => {
            setPicked(day);
            setPickError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={pickError ?? error}
          w={240}
        />
        <Button variant="default" onClick={add} mb={pickError || error ? 22 : 0}>
          {t('daysOff.add')}
        </Button>
      </Group>
      {daysoff.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('daysOff.none')}
        </Text>
      ) : (
        <Group
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('daysOff.list')}
        >
          {daysoff.map((date) => (
            <Paper component="li" key={date} withBorder radius="xl" py={2} pl="sm" pr={4}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" component="time" dateTime={date}>
                  {dayText(date)}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('daysOff.remove', { date: dayText(date) })}
                  onClick={() => onChange(daysoff.filter((day) => day !== date))}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      )}
    </Stack>
  );
}
