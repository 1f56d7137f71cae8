import { Button, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { visitTiming, visitWindow, type Appointment } from '@tend/shared';
import { useNavigate } from 'react-router';
import { useOpenVisit } from '../api/open-visit';
import { dateTimeText } from './appointment-format';
import { useNow } from './use-now';
import { useAppointmentsT } from '../i18n';

type Props = {
  appointment: Appointment;
  timeZone: string;
  /** Who and when, so a screen reader tells the buttons of several visits apart. */
  about: string;
  /**
   * In a table row: only the button while the room is open, with no line of its own; the row
   * already says when the visit is.
   */
  inRow?: boolean;
};

/**
 * An accepted online visit's way in: from 10 minutes before its start to 30 minutes after its end a
 * Join visit button; before that, when it opens. The server checks the same window on its clock.
 */
export function VisitJoin({ appointment: a, timeZone, about, inRow = false }: Props) {
  const { t } = useAppointmentsT();
  const now = useNow();
  const open = useOpenVisit();
  const navigate = useNavigate();
  if (a.type !== 'online' || a.status !== 'accepted') return null;
  const room = visitWindow(a.start, a.end);
  const timing = visitTiming(room, now);
  if (timing === 'after') return null;
  if (timing === 'before') {
    if (inRow) return null;
    return (
      <Text size="sm" c="dimmed" mb="xs">
        {t('visit.opensAt', { when: dateTimeText(room.opensAt.toISOString(), timeZone) })}
      </Text>
    );
  }
  return (
    <Stack gap={4} mb={inRow ? 0 : 'xs'} align="flex-start">
      <Button
        size={inRow ? 'compact-sm' : 'compact-md'}
        leftSection={<IconVideo size={16} aria-hidden />}
        loading={open.isPending}
        aria-label={t('visit.joinWith', { about })}
        onClick={() =>
          open.mutate(a._id, { onSuccess: (visit) => void navigate(`/visit/${visit.roomid}`) })
        }
      >
        {t('visit.join')}
      </Button>
      {open.error && (
        <Text size="sm" c="red.8" role="alert">
          {open.error.message}
        </Text>
      )}
    </Stack>
  );
}
