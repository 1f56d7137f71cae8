import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { AvailabilityErrors } from './availability-errors';
import { WEEKDAYS, newRow, type HoursRow } from './availability-values';
import { useAvailabilityT } from '../i18n';
import { TimeField } from '../../../components/date-time-fields';

type Props = {
  hours: HoursRow[];
  errors: AvailabilityErrors;
  onChange: (hours: HoursRow[]) => void;
};

/** One weekday: its opening hours as start–end rows (several for a lunch break), or "Closed". */
function WeekdayHours({
  name,
  weekday,
  rows,
  errors,
  onAdd,
  onEdit,
  onRemove,
}: {
  name: string;
  weekday: number;
  rows: HoursRow[];
  errors: AvailabilityErrors;
  onAdd: () => void;
  onEdit: (key: string, field: 'start' | 'end', value: string) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useAvailabilityT();
  const headingId = `weekday-${weekday}`;
  return (
    <Stack
      component="section"
      aria-labelledby={headingId}
      gap={6}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" gap="sm">
        <Text id={headingId} fw={600}>
          {name}
        </Text>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" mr="auto">
            {t('hours.closed')}
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onAdd}
          aria-label={t('hours.addOn', { day: name })}
        >
          {t('hours.add')}
        </Button>
      </Group>
      {rows.map((row, index) => {
        const label = rows.length > 1 ? t('hours.row', { day: name, number: index + 1 }) : name;
        const rowError = errors[row.key];
        return (
          <div key={row.key}>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TimeField
                label={t('hours.from')}
                fieldName={t('hours.fromOf', { row: label })}
                value={row.start}
                onChange={(time) => onEdit(row.key, 'start', time)}
                error={errors[`${row.key}.start`]}
                required
                w={130}
              />
              <TimeField
                label={t('hours.until')}
                fieldName={t('hours.untilOf', { row: label })}
                value={row.end}
                onChange={(time) => onEdit(row.key, 'end', time)}
                // A wrong range marks its end (focused first), its words below the row.
                error={errors[`${row.key}.end`] ?? (rowError ? true : undefined)}
                required
                w={130}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                mt={28}
                aria-label={t('hours.remove', { row: label })}
                onClick={() => onRemove(row.key)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            {rowError && (
              <Text size="sm" c="red.8" mt={4}>
                {rowError}
              </Text>
            )}
          </div>
        );
      })}
    </Stack>
  );
}

/** The week, Monday first; a weekday without rows is closed. */
export function WeeklyHoursFields({ hours, errors, onChange }: Props) {
  const { t } = useAvailabilityT();
  return (
    <div>
      {WEEKDAYS.map((weekday) => (
        <WeekdayHours
          key={weekday}
          name={t(`weekdays.${weekday}`)}
          weekday={weekday}
          rows={hours.filter((row) => row.weekday === weekday)}
          errors={errors}
          onAdd={() => {
            const last = hours.filter((row) => row.weekday === weekday).at(-1);
            // A second range on one day usually follows the first (after a break).
            onChange([...hours, last ? newRow(weekday, last.end, last.end) : newRow(weekday)]);
          }}
          onEdit={(key, field, value) =>
            onChange(hours.map((row) => (row.key === key ? { ...row, [field]: value } : row)))
          }
          onRemove={(key) => onChange(hours.filter((row) => row.key !== key))}
        />
      ))}
    </div>
  );
}
