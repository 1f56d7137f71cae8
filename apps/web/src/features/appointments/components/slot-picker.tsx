import { Button, Chip, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { localDate } from '@tend/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useDoctorSlots } from '../api/doctor-slots';
import { dateText, timeText } from './appointment-format';
import { currentLocale, dateTimeFormat } from '../../../i18n/format';
import { useAppointmentsT } from '../i18n';
import { slotsByDay, slotWeek, WEEKS_AHEAD } from './slot-week';

type Props = {
  doctorId: string;
  /** The patient's time zone: days and times are theirs. */
  timeZone: string;
  value: string | null;
  onChange: (start: string | null) => void;
  error?: string;
};

/** "Thursday, Nov 26" in the page's language; a heading, so "Jueves, 26 nov" in Spanish. */
function dayHeading(date: string): string {
  const text = dateTimeFormat({
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  return text.charAt(0).toLocaleUpperCase(currentLocale()) + text.slice(1);
}

/** A doctor's free times, a week at a time in the patient's time zone; one can be chosen. */
export function SlotPicker({ doctorId, timeZone, value, onChange, error }: Props) {
  const { t } = useAppointmentsT();
  const [index, setIndex] = useState(0);
  const week = slotWeek(localDate(new Date(), timeZone), index);
  const slots = useDoctorSlots(doctorId, week.from, week.to);
  const byDay = slots.isSuccess ? slotsByDay(week, slots.data.slots, timeZone) : null;
  const free = byDay ? [...byDay.values()].reduce((sum, list) => sum + list.length, 0) : 0;
  const range = t('range', { start: dateText(week.days[0]!), end: dateText(week.days[6]!) });

  return (
    <Stack gap="sm">
      {/* The dates above the buttons: beside them, a phone has room for neither. */}
      <Text size="sm" fw={600} ta="center" aria-live="polite">
        {range}
      </Text>
      <Group justify="space-between" gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={index === 0}
          onClick={() => setIndex((i) => i - 1)}
        >
          {t('slots.previous')}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={index >= WEEKS_AHEAD - 1}
          onClick={() => setIndex((i) => i + 1)}
        >
          {t('slots.next')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('slots.timeZone', { zone: timeZone.replaceAll('_', ' ') })}
      </Text>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {slots.isPending && <Loader role="status" aria-label={t('slots.loading')} />}
      {slots.isError && (
        <QueryError
          title={t('slots.loadFailed')}
          error={slots.error}
          onRetry={() => void slots.refetch()}
        />
      )}
      {byDay && free === 0 && <Text>{t('slots.none')}</Text>}
      {byDay && free > 0 && (
        <Chip.Group multiple={false} value={value} onChange={onChange}>
          <Stack gap="sm">
            {[...byDay.entries()]
              .filter(([, list]) => list.length > 0)
              .map(([day, list]) => (
                <div key={day} role="group" aria-label={dayHeading(day)}>
                  <Text size="sm" fw={600} mb={4} aria-hidden>
                    {dayHeading(day)}
                  </Text>
                  <Group gap={6}>
                    {list.map((slot) => (
                      <Chip key={slot.start} value={slot.start} type="radio" size="sm">
                        <VisuallyHidden>{`${dayHeading(day)}, `}</VisuallyHidden>
                        {timeText(slot.start, timeZone)}
                      </Chip>
                    ))}
                  </Group>
                </div>
              ))}
          </Stack>
        </Chip.Group>
      )}
    </Stack>
  );
}
