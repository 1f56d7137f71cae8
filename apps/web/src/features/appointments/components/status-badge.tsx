import { Badge } from '@mantine/core';
import type { AppointmentStatus } from '@tend/shared';
import { useAppointmentsT } from '../i18n';

// Near-black words on a light tint of the status colour stay above 4.5:1 for every colour.
const COLORS: Record<AppointmentStatus, string> = {
  requested: 'orange',
  accepted: 'tend',
  completed: 'blue',
  cancelled: 'gray',
};

// A narrow table column must not cut the word short.
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useAppointmentsT();
  return (
    <Badge variant="light" color={COLORS[status]} c="dark.9" radius="sm" miw="max-content">
      {t(`status.${status}`)}
    </Badge>
  );
}
