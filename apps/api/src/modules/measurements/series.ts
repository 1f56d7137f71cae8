import {
  CANONICAL_UNIT,
  roundTo,
  type MeasurementKind,
  type Series,
  type SeriesBucket,
} from '@tend/shared';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged.ts';
import { timeZoneOf } from '../../db/time-zone.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { auditLook, patientFor, type MeasurementContext } from './context.ts';
import {
  ensureRollup,
  rollupRanges,
  rollupZone,
  type RangeRow,
  type RollupRange,
} from './rollup.ts';
import { defaultFrom, fromInstant, seriesBuckets, toInstant } from './series-buckets.ts';
import { seriesTotals } from './series-stats.ts';

/** A chart of one kind of a patient's readings: min, max, mean and count per day, week or month. */
export function seriesService(ctx: MeasurementContext) {
  const { db, clock } = ctx;

  // A chart's roll-up rows, kept while the database is unchanged (SQLite; decision 032): charts
  // are asked again and again (ranges switched back and forth, a refresh on every live event), and
  // reading and building ~55 rows is most of what a year's chart costs beyond a week's. Keyed by
  // whole days, which do not move with the clock; the part of today read from the readings is not kept.
  const keptRollups = keptWhileUnchanged<readonly RangeRow[]>(db, 2_000);
  const rollupReader =
    (patientId: string, kind: MeasurementKind) =>
    async (ranges: RollupRange[]): Promise<readonly RangeRow[]> => {
      const key = `${patientId} ${kind} ${ranges.map((r) => `${r.span}:${r.first}:${r.end}`).join(' ')}`;
      const stamp = keptRollups.stamp();
      const kept = keptRollups.get(key, stamp);
      if (kept) return kept;
      const rows = await rollupRanges(db.kysely, patientId, kind, ranges);
      keptRollups.set(key, rows, stamp);
      return rows;
    };

  return {
    async series(
      claims: AccessClaims,
      query: {
        patientId?: string | undefined;
        kind: MeasurementKind;
        from?: string | undefined;
        to?: string | undefined;
        bucket: SeriesBucket;
      },
      ip: string,
    ): Promise<Series> {
      const patientId = await patientFor(ctx, claims, query.patientId);
      const zone = await timeZoneOf(db.kysely, patientId);
      const toMs = query.to ? toInstant(query.to, zone) : clock().getTime();
      const fromMs = query.from
        ? fromInstant(query.from, zone)
        : defaultFrom(toMs, query.bucket, zone);
      const buckets = seriesBuckets(fromMs, toMs, query.bucket, zone);
      if ((await rollupZone(db.kysely, patientId)) !== zone) {
        // Never built, or the patient moved to another zone since: cut their days again, once.
        await db.kysely.transaction().execute(async (trx) => {
          await lockPerson(trx, db.dialect, patientId);
          await ensureRollup(trx, db.dialect, patientId, zone);
        });
      }
      const stats = await seriesTotals(
        db.kysely,
        db.dialect,
        rollupReader(patientId, query.kind),
        patientId,
        query.kind,
        query.bucket,
        buckets,
        fromMs,
        toMs,
        zone,
      );
      await auditLook(ctx, db.kysely, claims, 'measurements.charted', patientId, ip);
      const r = (v: number) => roundTo(v, 2);
      return {
        kind: query.kind,
        unit: CANONICAL_UNIT[query.kind],
        bucket: query.bucket,
        timezone: zone,
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        points: stats.flatMap((s) => {
          const b = buckets[s.index];
          if (!b) return [];
          return [
            {
              at: b.at,
              date: b.date,
              count: s.count,
              min: r(s.min),
              max: r(s.max),
              mean: r(s.total / s.count),
              diastolic:
                query.kind === 'bloodpressure' && s.min2 !== null && s.count2 > 0
                  ? { min: r(s.min2), max: r(s.max2 ?? 0), mean: r(s.total2 / s.count2) }
                  : null,
            },
          ];
        }),
      };
    },
  };
}
