import { Button, Chip, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatUsDate, localDate } from '@tend/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useDoctorSlots } from '../api/doctor-slots';
import { timeText } from './appointment-format';
import { slotsByDay, slotWeek, WEEKS_AHEAD } from './slot-week';

type Props = {
  doctorId: string;
  /** The patient's time zone: days and times are theirs. */
  timeZone: string;
  value: string | null;
  onChange: (start: string | null) => void;
  error?: string;
};

const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayHeading = (date: string) => weekdayFormat.format(new Date(`${date}T00:00:00Z`));

/** A doctor's free times, a week at a time in the patient's time zone; one can be chosen. */
export function SlotPicker({ doctorId, timeZone, value, onChange, error }: Props) {
  const [index, setIndex] = useState(0);
  const week = slotWeek(localDate(new Date(), timeZone), index);
  const slots = useDoctorSlots(doctorId, week.from, week.to);
  const byDay = slots.isSuccess ? slotsByDay(week, slots.data.slots, timeZone) : null;
  const free = byDay ? [...byDay.values()].reduce((sum, list) => sum + list.length, 0) : 0;
  const range = `${formatUsDate(week.days[0])} – ${formatUsDate(week.days[6])}`;

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
          Previous week
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={index >= WEEKS_AHEAD - 1}
          onClick={() => setIndex((i) => i + 1)}
        >
          Next week
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {`Times are in your time zone, ${timeZone.replaceAll('_', ' ')}.`}
      </Text>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {slots.isPending && <Loader role="status" aria-label="Loading free times" />}
      {slots.isError && (
        <QueryError
          title="We could not load the free times"
          error={slots.error}
          onRetry={() => void slots.refetch()}
        />
      )}
      {byDay && free === 0 && <Text>No free times this week. Try the next week.</Text>}
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
