import { Checkbox, NumberInput, Stack, Switch, Text } from '@mantine/core';
import {
  CAREGIVER_AREAS,
  MISSED_DOSE_DELAY_MAX,
  MISSED_DOSE_DELAY_MIN,
  type CaregiverArea,
} from '@tend/shared';
import { useCaregiversT } from '../i18n';

/**
 * The areas a caregiver may reach, as checkboxes. Ticking doses needs the medications: choosing
 * `doses` chooses `medications` too, and leaving `medications` leaves `doses`, so the form never
 * holds what the server would refuse.
 */
export function AreaFields({
  value,
  onChange,
  disabled,
}: {
  value: readonly CaregiverArea[];
  onChange: (areas: CaregiverArea[]) => void;
  disabled?: boolean;
}) {
  const { t } = useCaregiversT();
  const change = (chosen: string[]) => {
    const areas = new Set(chosen as CaregiverArea[]);
    const added = [...areas].filter((area) => !value.includes(area));
    if (added.includes('doses')) areas.add('medications');
    if (!areas.has('medications')) areas.delete('doses');
    onChange(CAREGIVER_AREAS.filter((area) => areas.has(area)));
  };
  return (
    <Checkbox.Group label={t('areas.legend')} value={[...value]} onChange={change}>
      <Stack gap="xs" mt="xs">
        {CAREGIVER_AREAS.map((area) => (
          <Checkbox
            key={area}
            value={area}
            disabled={disabled}
            label={t(`areas.${area}`)}
            description={t(`areas.${area}Hint`)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export type AlertValues = { misseddoses: boolean; delayminutes: number };

export const delayInRange = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= MISSED_DOSE_DELAY_MIN && minutes <= MISSED_DOSE_DELAY_MAX;

/** After how many minutes an unticked dose is told (15–240). */
export function DelayField({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (minutes: number) => void;
  disabled?: boolean;
}) {
  const { t } = useCaregiversT();
  const range = { min: MISSED_DOSE_DELAY_MIN, max: MISSED_DOSE_DELAY_MAX };
  return (
    <NumberInput
      label={t('alerts.delay')}
      description={t('alerts.delayHint', range)}
      min={MISSED_DOSE_DELAY_MIN}
      max={MISSED_DOSE_DELAY_MAX}
      step={15}
      allowDecimal={false}
      maw={260}
      disabled={disabled}
      value={value}
      error={delayInRange(value) ? undefined : t('alerts.delayRange', range)}
      onChange={(minutes) => onChange(typeof minutes === 'number' ? minutes : NaN)}
    />
  );
}

/** Whether a missed dose is told to the caregiver, and after how many minutes. */
export function AlertFields({
  value,
  onChange,
  disabled,
}: {
  value: AlertValues;
  onChange: (alerts: AlertValues) => void;
  disabled?: boolean;
}) {
  const { t } = useCaregiversT();
  return (
    <Stack gap="xs">
      <Switch
        checked={value.misseddoses}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, misseddoses: event.currentTarget.checked })}
        label={t('alerts.missed')}
        description={t('alerts.missedHint')}
      />
      {value.misseddoses && (
        <DelayField
          value={value.delayminutes}
          onChange={(delayminutes) => onChange({ ...value, delayminutes })}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}

/** The areas given, in words, for a line under a name. */
export function AreaSummary({ areas }: { areas: readonly CaregiverArea[] }) {
  const { t } = useCaregiversT();
  return (
    <Text size="sm">
      {areas.length === 0 ? t('areas.none') : areas.map((area) => t(`areas.${area}`)).join(', ')}
    </Text>
  );
}
