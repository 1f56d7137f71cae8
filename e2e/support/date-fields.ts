import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

// The app's date and time fields are drawn by the page in its language (components/
// date-time-fields.tsx), not by the browser. A date field reads a typed YYYY-MM-DD and shows the
// day in words; a time field has boxes for the hour and the minutes, and in English an AM/PM
// choice. These helpers type and read them as a person would, in English.

/** How an English date field shows the day 'YYYY-MM-DD': "January 5, 2027". */
export function shownDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

const hourBox = (scope: Locator | Page, field: string) =>
  scope.getByRole('spinbutton', { name: `${field}: hour`, exact: true });
const minutesBox = (scope: Locator | Page, field: string) =>
  scope.getByRole('spinbutton', { name: `${field}: minutes`, exact: true });
const amPmChoice = (scope: Locator | Page, field: string) =>
  scope.getByRole('combobox', { name: `${field}: AM or PM`, exact: true });

/** Types the time 'HH:mm' (24 hours) into the time field whose name is `field`. */
export async function fillTime(scope: Locator | Page, field: string, time: string): Promise<void> {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const amPm = amPmChoice(scope, field);
  const twelve = (await amPm.count()) > 0;
  await hourBox(scope, field).fill(String(twelve ? hours % 12 || 12 : hours));
  await minutesBox(scope, field).fill(String(minutes).padStart(2, '0'));
  if (twelve) await amPm.selectOption(hours < 12 ? 'AM' : 'PM');
}

/** Expects the time field `field` to show 'HH:mm' (24 hours), as its language writes it. */
export async function expectTime(
  scope: Locator | Page,
  field: string,
  time: string,
): Promise<void> {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const amPm = amPmChoice(scope, field);
  const twelve = (await amPm.count()) > 0;
  await expect(hourBox(scope, field)).toHaveValue(
    String(twelve ? hours % 12 || 12 : hours).padStart(2, '0'),
  );
  await expect(minutesBox(scope, field)).toHaveValue(String(minutes).padStart(2, '0'));
  if (twelve) await expect(amPm).toHaveValue(hours < 12 ? 'AM' : 'PM');
}

/**
 * Types the day 'YYYY-MM-DD' into a date field, then moves on with Tab as a person would: the
 * field's calendar, open while it has focus, would otherwise cover what is below it.
 */
export async function fillDate(field: Locator, day: string): Promise<void> {
  await field.fill(day);
  await field.press('Tab');
}
