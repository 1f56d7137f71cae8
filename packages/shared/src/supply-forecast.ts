import { TIME_FREQUENCIES, type TimeFrequency } from './constants.ts';
import { addDays, formattersByZone } from './dates.ts';

/** A local date and time, "YYYY-MM-DD HH:MM", which sorts as it reads. */
type LocalMinute = string;

export interface SupplyForecastInput {
  /** Units handed over at dispensing (tablets, ml …). */
  unitsSupplied: number;
  /** When they were handed over (an instant). */
  suppliedAt: Date;
  /** Units per dose, and the times of day a dose is due. */
  dose: { amount: number; timesofday: readonly TimeFrequency[] };
  /** The person's clock for each time of day, "HH:MM" (their reminder times). */
  slotTimes: Record<TimeFrequency, string>;
  /** Doses ticked so far: the local day and the time of day (the dose log keeps no more). */
  taken: ReadonlyArray<{ date: string; time: TimeFrequency }>;
  /** The person's time zone now: "today" and which doses are still ahead are counted in it. */
  timeZone: string;
  now: Date;
}

export interface SupplyForecast {
  /** Units not yet used by a ticked dose. */
  unitsLeft: number;
  /** Whole doses those units still make. */
  dosesLeft: number;
  /** The local day of the last dose the supply covers; null when not one whole dose is left. */
  runsOutOn: string | null;
}

const minuteFormatterFor = formattersByZone({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function localMinute(instant: Date, timeZone: string): LocalMinute {
  const parts = minuteFormatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

// Units are compared in millionths, so half tablets and 2.5 ml doses add up exactly.
const MICRO = 1_000_000;
const micro = (units: number) => Math.round(units * MICRO);

/**
 * The day a dispensed supply runs out. Only ticked doses use it: a dose not ticked was not taken
 * and leaves its units in the pack. A ticked dose counts when its time of day falls at or after the
 * handing over (the morning dose of a day dispensed at 15:00 came from the old pack). The doses
 * still ahead are today's not yet past (in the person's time zone now) and then every dose of
 * every following day. Dose days keep the dates they were ticked on, so a move to another time zone
 * changes only which day is today and which of its doses are past.
 */
export function forecastSupply(input: SupplyForecastInput): SupplyForecast {
  const times = TIME_FREQUENCIES.filter((t) => input.dose.timesofday.includes(t));
  const perDose = micro(input.dose.amount);
  const supplied = localMinute(input.suppliedAt, input.timeZone);
  const now = localMinute(input.now, input.timeZone);
  const slot = (date: string, time: TimeFrequency): LocalMinute =>
    `${date} ${input.slotTimes[time]}`;

  const counted = new Set<string>();
  for (const { date, time } of input.taken) {
    const at = slot(date, time);
    if (times.includes(time) && at >= supplied) counted.add(at);
  }
  const leftMicro = Math.max(0, micro(input.unitsSupplied) - counted.size * perDose);
  const dosesLeft = perDose > 0 ? Math.floor(leftMicro / perDose) : 0;
  const result = { unitsLeft: leftMicro / MICRO, dosesLeft };
  if (dosesLeft === 0 || times.length === 0) return { ...result, runsOutOn: null };

  const today = now.slice(0, 10);
  const aheadToday = times.filter(
    (t) => slot(today, t) > now && !counted.has(slot(today, t)),
  ).length;
  if (dosesLeft <= aheadToday) return { ...result, runsOutOn: today };
  const days = Math.ceil((dosesLeft - aheadToday) / times.length);
  return { ...result, runsOutOn: addDays(today, days) };
}
