import { Badge } from '@mantine/core';
import type { AppointmentStatus } from '@tend/shared';
import { STATUS_LABELS } from './appointment-format';

// Dark shades on light fills keep the words above 4.5:1.
const COLORS: Record<AppointmentStatus, string> = {
  requested: 'orange',
  accepted: 'tend',
  completed: 'blue',
  cancelled: 'gray',
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} c={`${COLORS[status]}.9`} radius="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
