import { Temporal } from 'temporal-polyfill';
import { MAX_SERIES_POINTS, isValidDateOnly, type SeriesBucket } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * A series' buckets: the patient's calendar days, weeks (Monday first) or months, each as the
 * [start, end) instants it covers in their time zone — 23 or 25 hours on a daylight-saving change —
 * clipped to the asked range.
 */
export interface Bucket {
  /** The bucket's first calendar day. */
  date: string;
  /** The next bucket's first calendar day (the day after this bucket's last). */
  next: string;
  /** Where the bucket starts in the zone (its `at`), unclipped. */
  at: string;
  start: string;
  end: string;
  /** start and end as epoch milliseconds. */
  startMs: number;
  endMs: number;
}

/**
 * Where a bucket ends (the next one starts) never changes for a zone (short of a new time-zone
 * database), and working it out with Temporal is most of a series' cost: a chart asked again and
 * again reuses the answers.
 */
interface Edge {
  date: string;
  ms: number;
  /** ms as an ISO instant: a year's chart writes 53 of them. */
  iso: string;
}
const edges = new Map<string, Edge>();
const EDGES_KEPT = 50_000;

function remembered(key: string, work: () => Edge): Edge {
  const known = edges.get(key);
  if (known) return known;
  const edge = work();
  if (edges.size >= EDGES_KEPT) edges.clear();
  edges.set(key, edge);
  return edge;
}

const dayEdge = (date: Temporal.PlainDate, timeZone: string) =>
  remembered(`${timeZone} ${date.toString()}`, () => {
    const ms = date.toZonedDateTime({ timeZone }).epochMilliseconds;
    return { date: date.toString(), ms, iso: new Date(ms).toISOString() };
  });

const startOf = (date: Temporal.PlainDate, timeZone: string) => dayEdge(date, timeZone).ms;

/** The bucket after the one starting on `date`: its first day and the instant it starts. */
const nextEdge = (date: string, bucket: SeriesBucket, timeZone: string) =>
  remembered(`${timeZone} ${bucket} ${date}`, () =>
    dayEdge(Temporal.PlainDate.from(date).add(step(bucket)), timeZone),
  );

function bucketStart(date: Temporal.PlainDate, bucket: SeriesBucket): Temporal.PlainDate {
  if (bucket === 'week') return date.subtract({ days: date.dayOfWeek - 1 });
  if (bucket === 'month') return date.with({ day: 1 });
  return date;
}

const step = (bucket: SeriesBucket) =>
  bucket === 'day' ? { days: 1 } : bucket === 'week' ? { weeks: 1 } : { months: 1 };

const localDateOf = (ms: number, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate();

/** The first instant of a day of the patient, as every series cuts it. */
export const dayStart = (date: string, timeZone: string) =>
  startOf(Temporal.PlainDate.from(date), timeZone);

export const nextDay = (date: string) => Temporal.PlainDate.from(date).add({ days: 1 }).toString();

/**
 * The patient's day an instant belongs to, by the same edges the series buckets are cut at (the
 * start of each day, `startOf`), so a day's roll-up row holds exactly the readings its bucket would,
 * even where a zone skips or repeats midnight.
 */
export function dayOf(ms: number, timeZone: string): string {
  let date = localDateOf(ms, timeZone);
  if (ms < startOf(date, timeZone)) date = date.subtract({ days: 1 });
  else if (ms >= startOf(date.add({ days: 1 }), timeZone)) date = date.add({ days: 1 });
  return date.toString();
}

/** `from` as an instant: a date is the start of that day in the zone. */
export function fromInstant(from: string, timeZone: string): number {
  return isValidDateOnly(from)
    ? startOf(Temporal.PlainDate.from(from), timeZone)
    : Date.parse(from);
}

/** `to` as an instant (excluded): a date is the end of that day in the zone (it is included). */
export function toInstant(to: string, timeZone: string): number {
  return isValidDateOnly(to)
    ? startOf(Temporal.PlainDate.from(to).add({ days: 1 }), timeZone)
    : Date.parse(to);
}

/** Where a series starts when `from` is left out: 30 days, 26 weeks or 12 months of buckets. */
export function defaultFrom(toMs: number, bucket: SeriesBucket, timeZone: string): number {
  const last = bucketStart(localDateOf(toMs - 1, timeZone), bucket);
  const back = bucket === 'day' ? { days: 29 } : bucket === 'week' ? { weeks: 25 } : { months: 11 };
  return startOf(last.subtract(back), timeZone);
}

const UNIT_WORDS: Record<SeriesBucket, string> = { day: 'days', week: 'weeks', month: 'months' };

export function seriesBuckets(
  fromMs: number,
  toMs: number,
  bucket: SeriesBucket,
  timeZone: string,
): Bucket[] {
  if (!(fromMs < toMs)) {
    throw new AppError(400, 'invalid_range', 'The start of the range must be before its end.', {
      from: 'The start of the range must be before its end.',
    });
  }
  const buckets: Bucket[] = [];
  const firstEdge = dayEdge(bucketStart(localDateOf(fromMs, timeZone), bucket), timeZone);
  let { date, ms: startMs, iso: at } = firstEdge;
  const fromIso = new Date(fromMs).toISOString();
  const toIso = new Date(toMs).toISOString();
  while (startMs < toMs) {
    if (buckets.length === MAX_SERIES_POINTS) {
      const choose = { day: 'weeks or months, or', week: 'months, or', month: '' }[bucket];
      const message = `A chart shows at most ${MAX_SERIES_POINTS} points, and this range has more ${UNIT_WORDS[bucket]} than that. Choose ${choose ? `${choose} ` : ''}a shorter range.`;
      throw new AppError(400, 'too_many_points', message, { bucket: message });
    }
    const { date: next, ms: nextMs, iso: nextAt } = nextEdge(date, bucket, timeZone);
    buckets.push({
      date,
      next,
      at,
      start: startMs >= fromMs ? at : fromIso,
      end: nextMs <= toMs ? nextAt : toIso,
      startMs: Math.max(startMs, fromMs),
      endMs: Math.min(nextMs, toMs),
    });
    date = next;
    startMs = nextMs;
    at = nextAt;
  }
  return buckets;
}
