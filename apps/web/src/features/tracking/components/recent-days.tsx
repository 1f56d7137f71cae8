import { Group, Text } from '@mantine/core';
import type { TrackedMedication } from '@tend/shared';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import classes from './tracking.module.css';

type DayState = TrackedMedication['recent'][number]['taken'];

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

const LOOKS = {
  taken: { className: classes.taken, Icon: IconCheck, words: 'taken' },
  missed: { className: classes.missed, Icon: IconX, words: 'not taken' },
  notDue: { className: classes.notDue, Icon: IconMinus, words: 'not due' },
} as const;

const lookOf = (taken: DayState) =>
  taken === null ? LOOKS.notDue : taken ? LOOKS.taken : LOOKS.missed;

function DayMark({ look, label }: { look: (typeof LOOKS)[keyof typeof LOOKS]; label?: string }) {
  const { Icon } = look;
  return (
    <span
      className={`${classes.day} ${look.className}`}
      {...(label ? { role: 'img', 'aria-label': label, title: label } : { 'aria-hidden': true })}
    >
      <Icon size={12} stroke={3} aria-hidden />
    </span>
  );
}

/** The last 14 days at a glance, oldest first, each day named in words ("18 Nov: taken"). */
export function RecentDays({ medication }: { medication: TrackedMedication }) {
  return (
    <ul className={classes.days} aria-label={`Last 14 days of ${medication.name}`}>
      {medication.recent.map((day) => {
        const look = lookOf(day.taken);
        const date = shortDate.format(new Date(`${day.date}T00:00:00Z`));
        return (
          <li key={day.date}>
            <DayMark look={look} label={`${date}: ${look.words}`} />
          </li>
        );
      })}
    </ul>
  );
}

/** What the marks mean. */
export function RecentDaysLegend() {
  return (
    <Group gap="lg" mt="sm">
      {Object.values(LOOKS).map((look) => (
        <Group key={look.words} gap={6} wrap="nowrap">
          <DayMark look={look} />
          <Text size="sm">{look.words.charAt(0).toUpperCase() + look.words.slice(1)}</Text>
        </Group>
      ))}
    </Group>
  );
}
