import { addDays, localDate, type Slot } from '@tend/shared';

/** How many weeks ahead a patient can page through. */
export const WEEKS_AHEAD = 8;

// No time zone is more than 14 hours from UTC, so these bounds hold every instant of a week of
// local days, wherever the patient is; the slots are then sorted into local days here.
const WIDEST_OFFSET_MS = 14 * 60 * 60 * 1000;

export type SlotWeek = {
  /** The seven local dates, from `today + 7 × index`. */
  days: string[];
  /** The instants to ask the server for (stable for a week, so they can key the cache). */
  from: string;
  to: string;
};

export function slotWeek(today: string, index: number): SlotWeek {
  const first = addDays(today, 7 * index);
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const from = new Date(Date.parse(`${first}T00:00:00Z`) - WIDEST_OFFSET_MS).toISOString();
  const to = new Date(
    Date.parse(`${addDays(first, 7)}T00:00:00Z`) + WIDEST_OFFSET_MS,
  ).toISOString();
  return { days, from, to };
}

/** The week's slots by local day, in time order; days without slots have an empty list. */
export function slotsByDay(week: SlotWeek, slots: Slot[], timeZone: string): Map<string, Slot[]> {
  const byDay = new Map(week.days.map((day) => [day, [] as Slot[]]));
  for (const slot of slots) byDay.get(localDate(new Date(slot.start), timeZone))?.push(slot);
  for (const list of byDay.values()) list.sort((a, b) => a.start.localeCompare(b.start));
  return byDay;
}
