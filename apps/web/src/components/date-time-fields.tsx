import '@mantine/dates/styles.layer.css';
// dayjs's Spanish: the calendar's month and weekday names (English is dayjs's own).
import 'dayjs/locale/es';
import {
  DateInput,
  DatesProvider,
  TimePicker,
  type DateInputProps,
  type TimePickerProps,
} from '@mantine/dates';
import { Group, Input } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useCommonT } from '../i18n/common';
import { currentLanguage } from '../i18n/i18n';
import { FIRST_DAY_OF_WEEK, TIME_FORMAT, formatDateText, parseDateText } from './date-text';

// Date and time fields drawn by the page rather than the browser: a native <input type="date">
// is drawn in the browser's own language whatever the page's (issue 46), so these follow the
// page's language instead (docs/decisions/057-date-and-time-fields.md). Their values keep the
// wire's form, YYYY-MM-DD and HH:mm, so forms and schemas are as with the native fields. Only the
// pages with such a field load this file and Mantine's dates code (scripts/lib/app-chunks.ts).

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Mantine's date settings in the page's language: month and day names, the week's first day. */
function PageDates({ children }: { children: ReactNode }) {
  const language = currentLanguage();
  return (
    <DatesProvider
      settings={{ locale: language, firstDayOfWeek: FIRST_DAY_OF_WEEK[language], weekendDays: [] }}
    >
      {children}
    </DatesProvider>
  );
}

type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser'
> & {
  /** 'YYYY-MM-DD', '' for none, or what was typed when it names no day (for the schema to refuse). */
  value: string;
  onChange: (value: string) => void;
  /** The first and last day the calendar offers, 'YYYY-MM-DD'; a typed day outside is left to the form's check, which says why. */
  min?: string;
  max?: string;
};

/**
 * A day, typed or picked from a calendar, shown in the page's language ("January 5, 2027",
 * "5 de enero de 2027"). Typing reads the language's own order (01/05/2027 in English, 05/01/2027
 * in Spanish), month names and YYYY-MM-DD. Text that names no day is passed on as it is, so the
 * form's check says what is wrong rather than the field silently keeping the day before.
 */
export function DateField({ value, onChange, min, max, onInput, ...props }: DateFieldProps) {
  const { t } = useCommonT();
  const language = currentLanguage();
  const inputRef = useRef<HTMLInputElement>(null);
  // The value this field last gave, to tell a change made from outside (a form reset, a day just
  // added) from the person's own typing.
  const given = useRef(value);
  // Whether the text typed names a day: then leaving the field rewrites it as the field shows days;
  // otherwise it stays as typed beside the message about it.
  const [readable, setReadable] = useState(true);

  const give = (next: string) => {
    given.current = next;
    onChange(next);
  };

  // Mantine's field keeps its own text while it has focus; a value set from outside meanwhile
  // (a day-off just added with Enter) is typed into it, as the person would have.
  useEffect(() => {
    const input = inputRef.current;
    if (value === given.current || !input || document.activeElement !== input) return;
    given.current = value;
    const text = ISO_DAY.test(value) ? formatDateText(value, language) : value;
    // Through the prototype's setter, not `input.value =`: React watches the latter and would take
    // the change for its own, and the input event would then change nothing.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [value, language]);

  const outside = (day: string) =>
    (min !== undefined && day < min) || (max !== undefined && day > max);

  return (
    <PageDates>
      <DateInput
        ref={inputRef}
        {...props}
        value={ISO_DAY.test(value) ? value : null}
        onChange={(day) => give(day ?? '')}
        onInput={(event) => {
          onInput?.(event);
          const text = event.currentTarget.value.trim();
          const day = parseDateText(text, language);
          setReadable(text === '' || day !== null);
          // A day the field reads reaches the form through onChange (Mantine's parsing calls the
          // parser below); an empty field or unreadable text is given here.
          if (text === '') give('');
          else if (day === null) give(text);
        }}
        dateParser={(text) => parseDateText(text, language)}
        valueFormat={(day) => formatDateText(day, language)}
        fixOnBlur={readable}
        // Inside the page's landmarks, where its form is, rather than at the end of <body>.
        popoverProps={{ withinPortal: false }}
        // Only the month's own days, drawn at full contrast: Mantine's dimmed days of the months
        // around and its light red weekends fall short of WCAG's contrast.
        hideOutsideDates
        getDayProps={(day) => ({ disabled: outside(day) })}
        getDayAriaLabel={(day) => formatDateText(day, language)}
        ariaLabels={{
          previousMonth: t('dateField.previousMonth'),
          nextMonth: t('dateField.nextMonth'),
          previousYear: t('dateField.previousYear'),
          nextYear: t('dateField.nextYear'),
          previousDecade: t('dateField.previousDecade'),
          nextDecade: t('dateField.nextDecade'),
        }}
      />
    </PageDates>
  );
}

type TimeFieldProps = Omit<TimePickerProps, 'value' | 'onChange' | 'format'> & {
  /** 'HH:mm' (24 hours), or '' while incomplete. */
  value: string;
  onChange: (value: string) => void;
  /** What screen readers call the field, when more than its label ("Monday: from"). */
  fieldName?: string;
};

/**
 * A time of day as the page's language writes it: 8:30 AM in English, 08:30 in Spanish. Hours and
 * minutes are typed (or stepped with the arrow keys) in boxes of their own; the value is 'HH:mm'.
 */
export function TimeField({ value, onChange, fieldName, label, ...props }: TimeFieldProps) {
  const { t } = useCommonT();
  const language = currentLanguage();
  const field = fieldName ?? (typeof label === 'string' ? label : '');
  // Marked on the boxes themselves, so a form's check can focus the first wrong one.
  const invalid = props.error ? true : undefined;
  return (
    <TimePicker
      {...props}
      hoursInputProps={{ 'aria-invalid': invalid, ...props.hoursInputProps }}
      minutesInputProps={{ 'aria-invalid': invalid, ...props.minutesInputProps }}
      label={label}
      value={value}
      onChange={onChange}
      format={TIME_FORMAT[language]}
      hoursInputLabel={t('dateField.hours', { field })}
      minutesInputLabel={t('dateField.minutes', { field })}
      amPmInputLabel={t('dateField.amPm', { field })}
    />
  );
}

type DateTimeFieldProps = {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** 'YYYY-MM-DDTHH:mm' as a datetime-local input writes it, '' for none; anything else names no moment. */
  value: string;
  onChange: (value: string) => void;
  /** The latest moment the calendar offers, 'YYYY-MM-DDTHH:mm' (its day counts). */
  max?: string;
};

/** The day and the time of day of a moment, one field each under one label: 'YYYY-MM-DDTHH:mm'. */
export function DateTimeField({
  label,
  description,
  error,
  required,
  value,
  onChange,
  max,
}: DateTimeFieldProps) {
  const { t } = useCommonT();
  const labelId = useId();
  // The time is always written after the last 'T' (a day typed in words may hold a "T" of its own).
  const at = value.lastIndexOf('T');
  const day = at < 0 ? value : value.slice(0, at);
  const time = at < 0 ? '' : value.slice(at + 1);
  const join = (nextDay: string, nextTime: string) =>
    onChange(nextDay === '' && nextTime === '' ? '' : `${nextDay}T${nextTime}`);
  return (
    // A group named by its label: the label names two boxes, so it cannot be a <label> of one.
    <Input.Wrapper
      role="group"
      aria-labelledby={labelId}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      required={required}
    >
      {/* The time goes under the day where both would not fit whole ("28 de septiembre de 2026"). */}
      <Group gap="xs" align="flex-start" mt={4}>
        <DateField
          aria-label={t('dateField.day', { field: label })}
          value={day}
          onChange={(next) => join(next, time)}
          max={max?.slice(0, 10)}
          error={error ? true : undefined}
          required={required}
          style={{ flex: '1 1 13rem' }}
        />
        <TimeField
          fieldName={label}
          value={time}
          onChange={(next) => join(day, next)}
          error={error ? true : undefined}
          required={required}
        />
      </Group>
    </Input.Wrapper>
  );
}
