import { medicationAtTime } from '../../../lib/time-of-day';
import { Group, Text } from '@mantine/core';
import type { TrackedMedication } from '@tend/shared';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useTrackingT } from '../i18n';
import classes from './tracking.module.css';
import { shortDay } from './tracking-words';

type DayState = TrackedMedication['recent'][number]['taken'];

const LOOKS = {
  taken: {
    className: classes.taken,
    Icon: IconCheck,
    words: 'days.taken',
    legend: 'days.takenLegend',
  },
  missed: {
    className: classes.missed,
    Icon: IconX,
    words: 'days.missed',
    legend: 'days.missedLegend',
  },
  notDue: {
    className: classes.notDue,
    Icon: IconMinus,
    words: 'days.notDue',
    legend: 'days.notDueLegend',
  },
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
  const { t } = useTrackingT();
  return (
    <ul
      className={classes.days}
      aria-label={t('days.list', { name: medicationAtTime(medication) })}
    >
      {medication.recent.map((day) => {
        const look = lookOf(day.taken);
        return (
          <li key={day.date}>
            <DayMark
              look={look}
              label={t('days.day', { date: shortDay(t, day.date), state: t(look.words) })}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** What the marks mean. */
export function RecentDaysLegend() {
  const { t } = useTrackingT();
  return (
    <Group gap="lg" mt="sm">
      {Object.values(LOOKS).map((look) => (
        <Group key={look.words} gap={6} wrap="nowrap">
          <DayMark look={look} />
          <Text size="sm">{t(look.legend)}</Text>
        </Group>
      ))}
    </Group>
  );
}
