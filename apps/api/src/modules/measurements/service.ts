import {
  CANONICAL_UNIT,
  LOINC,
  MAX_MEASUREMENTS_PER_PATIENT,
  MEASUREMENT_KINDS,
  bmiCategory,
  bmiFromLatest,
  formatMeasurement,
  localDate,
  measurementCategory,
  roundTo,
  storedCanonical,
  type ImportResult,
  type Measurement,
  type MeasurementKind,
  type MeasurementList,
  type MeasurementSummary,
  type MeasurementUnit,
  type MeasurementValue,
  type PageRequest,
  type Series,
  type SeriesBucket,
  type TargetList,
  type TargetsUpdate,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged.ts';
import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { recordAudit, type AuditAction } from '../audit/service.ts';
import type { NewNotification } from '../notifications/service.ts';
import { CSV_HEADER_LINE, csvLine, readMeasurementCsv, type ParsedReading } from './csv.ts';
import {
  allMeasurements,
  claimBreachNotice,
  countMeasurements,
  deleteMeasurement,
  findMeasurement,
  insertMeasurements,
  kindsOutsideTargets,
  latestOfEachKind,
  listMeasurements,
  replaceTargets,
  targetsForKind,
  targetsOf,
  zoneOf,
} from './repo.ts';
import {
  addToRollup,
  ensureRollup,
  recomputeRollup,
  rollupRanges,
  rollupZone,
  type RangeRow,
  type RollupRange,
} from './rollup.ts';
import { defaultFrom, fromInstant, seriesBuckets, toInstant } from './series-buckets.ts';
import { seriesTotals } from './series-stats.ts';
import { toMeasurement, toTarget, valueOf, withinTarget } from './view.ts';

/** A reading outside a target counts for the doctor's flag and notice while it is this recent. */
export const OUTSIDE_TARGET_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MeasurementServiceDeps {
  db: Db;
  clock: () => Date;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  /** From the notifications module: an in-app notice (and its live event) inside the transaction. */
  notify: (trx: Executor, userId: string, notice: NewNotification) => Promise<void>;
}

/** What a caller who may not reach the named patient is told (also by the routes' gates). */
export const noSuchPatient = () =>
  new AppError(404, 'not_found', 'There is no such patient among those who share with you.', {
    patientId: 'There is no such patient among those who share with you.',
  });
const noSuchMeasurement = () => new AppError(404, 'not_found', 'There is no such reading.');
const patientNeeded = () =>
  new AppError(400, 'patient_required', 'Choose a patient who shares with you.', {
    patientId: 'Choose a patient who shares with you.',
  });

/** The patient's readings (canonical), from `GET /patients` of a doctor: kinds outside their targets. */
export function kindsOutsideTargetsOf(
  db: Executor,
  doctorId: string,
  patientIds: string[],
  now: Date,
) {
  const since = new Date(now.getTime() - OUTSIDE_TARGET_DAYS * DAY_MS).toISOString();
  return kindsOutsideTargets(db, doctorId, patientIds, since);
}

/** A reading as stored: canonical, the systolic in `value` and the diastolic in `value2`. */
function canonical(kind: MeasurementKind, value: MeasurementValue, unit: MeasurementUnit) {
  if (typeof value === 'number') return { value: storedCanonical(value, unit), value2: null };
  return {
    value: storedCanonical(value.systolic, unit),
    value2: kind === 'bloodpressure' ? storedCanonical(value.diastolic, unit) : null,
  };
}

/**
 * Readings of a patient's body (DESIGN.md "Health measurements"). The patient and a doctor they share
 * with read and record them; only whoever recorded a reading deletes it; a doctor's targets turn a
 * reading outside them into a notice to that doctor, at most once per patient, kind and day. Every look
 * by a doctor is in the patient's access log; everyone else gets 404. Pharmacies never reach here
 * (the routes' gates refuse their role on the care side).
 */
export function createMeasurementService(deps: MeasurementServiceDeps) {
  const { db, clock, isLinked, notify } = deps;

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

  /** Whose readings a call is about: a patient's own; a doctor's linked patient. */
  async function patientFor(claims: AccessClaims, patientId: string | undefined): Promise<string> {
    if (claims.role === 'patient') {
      if (patientId !== undefined && patientId !== claims.userId) throw noSuchPatient();
      return claims.userId;
    }
    if (claims.role === 'doctor') {
      if (patientId === undefined) throw patientNeeded();
      if (!(await isLinked(patientId, claims.userId))) throw noSuchPatient();
      return patientId;
    }
    throw new AppError(403, 'wrong_role', 'This is only for patients and doctors.');
  }

  async function auditLook(
    trx: Executor,
    claims: AccessClaims,
    action: AuditAction,
    patientId: string,
    ip: string,
  ) {
    if (claims.userId === patientId) return;
    await recordAudit(trx, { actorId: claims.userId, action, subjectId: patientId, ip }, clock());
  }

  /** Tells each doctor whose target this reading lies outside, once per patient, kind and day. */
  async function noticeBreaches(
    trx: Executor,
    patientId: string,
    readings: { kind: MeasurementKind; value: number; value2: number | null; taken_at: string }[],
  ) {
    const now = clock();
    const recent = now.getTime() - OUTSIDE_TARGET_DAYS * DAY_MS;
    const kinds = [...new Set(readings.map((r) => r.kind))];
    if (kinds.length === 0) return;
    const zone = await zoneOf(trx, patientId);
    const day = localDate(now, zone);
    const patient = await trx
      .selectFrom('users')
      .select(['firstname', 'lastname'])
      .where('id', '=', patientId)
      .executeTakeFirst();
    for (const kind of kinds) {
      const targets = await targetsForKind(trx, patientId, kind);
      for (const target of targets) {
        const outside = readings.find(
          (r) =>
            r.kind === kind && Date.parse(r.taken_at) >= recent && !withinTarget(r.value, target),
        );
        if (!outside) continue;
        const claimed = await claimBreachNotice(
          trx,
          { doctor_id: target.doctor_id, patient_id: patientId, kind, day },
          now.toISOString(),
        );
        if (!claimed) continue;
        const t = textsFor(target.doctor_language);
        const name = patient ? `${patient.firstname} ${patient.lastname}` : t('notices.aPatient');
        const shown =
          kind === 'bloodpressure'
            ? `${roundTo(outside.value, 0)}/${roundTo(outside.value2 ?? 0, 0)} mmHg`
            : formatMeasurement(outside.value, CANONICAL_UNIT[kind]);
        const range = [
          target.low !== null
            ? t('notices.measurement.from', {
                value: formatMeasurement(target.low, CANONICAL_UNIT[kind]),
              })
            : '',
          target.high !== null
            ? t('notices.measurement.upTo', {
                value: formatMeasurement(target.high, CANONICAL_UNIT[kind]),
              })
            : '',
        ]
          .filter(Boolean)
          .join(' ');
        const label = t(`notices.measurement.kinds.${kind}`);
        await notify(trx, target.doctor_id, {
          kind: 'measurement',
          title: t('notices.measurement.title', { kind: label }),
          body: t('notices.measurement.body', {
            name,
            kind: label.toLowerCase(),
            shown,
            range,
          }),
          link: `/doctor/tracking-medication?patient=${patientId}`,
        });
      }
    }
  }

  /** Inserts readings after checking the cap, inside the caller's transaction. */
  async function store(
    trx: Executor,
    claims: AccessClaims,
    patientId: string,
    readings: Omit<ParsedReading, 'line'>[],
  ) {
    await lockPerson(trx, db.dialect, patientId);
    const zone = await zoneOf(trx, patientId);
    await ensureRollup(trx, db.dialect, patientId, zone);
    const count = await countMeasurements(trx, patientId);
    if (count + readings.length > MAX_MEASUREMENTS_PER_PATIENT) {
      throw new AppError(
        409,
        'too_many_measurements',
        `A person may keep at most ${MAX_MEASUREMENTS_PER_PATIENT.toLocaleString('en-US')} readings; delete old ones to add more.`,
      );
    }
    const now = clock().toISOString();
    const rows = readings.map((r) => ({
      id: newId(),
      patient_id: patientId,
      kind: r.kind,
      ...canonical(r.kind, r.value, r.unit),
      taken_at: new Date(r.takenat).toISOString(),
      note: r.note ?? null,
      recorded_by: claims.userId,
      created_at: now,
    }));
    await insertMeasurements(trx, rows);
    await addToRollup(trx, db.dialect, patientId, rows, zone);
    await noticeBreaches(trx, patientId, rows);
    return rows;
  }

  return {
    async record(
      claims: AccessClaims,
      body: Omit<ParsedReading, 'line'> & { patientId?: string | undefined },
      ip: string,
    ): Promise<Measurement> {
      const patientId = await patientFor(claims, body.patientId);
      const { patientId: _, ...reading } = body;
      return db.kysely.transaction().execute(async (trx) => {
        const [row] = await store(trx, claims, patientId, [reading]);
        if (!row) throw new Error('a reading was not stored');
        await auditLook(trx, claims, 'measurement.recorded', patientId, ip);
        const stored = await findMeasurement(trx, row.id);
        if (!stored) throw new Error('a stored reading was not found');
        return toMeasurement(stored);
      });
    },

    async list(
      claims: AccessClaims,
      query: {
        patientId?: string | undefined;
        kind?: MeasurementKind | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
      page: PageRequest,
      ip: string,
    ): Promise<MeasurementList> {
      const patientId = await patientFor(claims, query.patientId);
      const zone = await zoneOf(db.kysely, patientId);
      const from = query.from ? new Date(fromInstant(query.from, zone)).toISOString() : undefined;
      const to = query.to ? new Date(toInstant(query.to, zone)).toISOString() : undefined;
      const { rows, nextCursor } = await listMeasurements(
        db.kysely,
        patientId,
        { kind: query.kind, from, to },
        page,
      );
      await auditLook(db.kysely, claims, 'measurements.listed', patientId, ip);
      return { measurements: rows.map(toMeasurement), nextCursor };
    },

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
      const patientId = await patientFor(claims, query.patientId);
      const zone = await zoneOf(db.kysely, patientId);
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
      await auditLook(db.kysely, claims, 'measurements.charted', patientId, ip);
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

    async summary(
      claims: AccessClaims,
      patientIdAsked: string | undefined,
      ip: string,
    ): Promise<MeasurementSummary> {
      const patientId = await patientFor(claims, patientIdAsked);
      const latest = await latestOfEachKind(db.kysely, patientId, MEASUREMENT_KINDS);
      // A doctor sees their own targets; the patient sees every doctor's.
      const targets = await targetsOf(
        db.kysely,
        patientId,
        claims.role === 'doctor' ? claims.userId : undefined,
      );
      await auditLook(db.kysely, claims, 'measurements.summarized', patientId, ip);
      const weight = latest.get('weight');
      const height = latest.get('height');
      const bmi = bmiFromLatest(weight?.value, height?.value);
      return {
        patient: patientId,
        kinds: MEASUREMENT_KINDS.map((kind) => {
          const row = latest.get(kind);
          return {
            kind,
            unit: CANONICAL_UNIT[kind],
            latest: row ? toMeasurement(row) : null,
            category: row ? measurementCategory(kind, valueOf(row)) : null,
            targets: targets
              .filter((t) => t.kind === kind)
              .map((t) => ({ ...toTarget(t), met: row ? withinTarget(row.value, t) : null })),
          };
        }),
        bmi: bmi === null ? null : { value: bmi, category: bmiCategory(bmi), loinc: LOINC.bmi },
      };
    },

    /** Only whoever recorded a reading deletes it; the other side of the care sees 403, strangers 404. */
    async remove(claims: AccessClaims, id: string, ip: string): Promise<void> {
      const row = await findMeasurement(db.kysely, id);
      if (!row) throw noSuchMeasurement();
      const mayRead =
        row.patient_id === claims.userId ||
        (claims.role === 'doctor' && (await isLinked(row.patient_id, claims.userId)));
      if (!mayRead) throw noSuchMeasurement();
      // Whoever recorded it; and the patient, once whoever recorded it has left Tend (recorded_by
      // is then null), or the reading could never be taken back.
      const mayDelete =
        row.recorded_by === claims.userId ||
        (row.recorded_by === null && row.patient_id === claims.userId);
      if (!mayDelete) {
        throw new AppError(403, 'not_recorder', 'Only whoever recorded a reading may delete it.');
      }
      await db.kysely.transaction().execute(async (trx) => {
        // The day's row is worked out again from what is left (its minimum may have been this one).
        await lockPerson(trx, db.dialect, row.patient_id);
        const zone = await zoneOf(trx, row.patient_id);
        await ensureRollup(trx, db.dialect, row.patient_id, zone);
        await deleteMeasurement(trx, id);
        await recomputeRollup(trx, row.patient_id, row.kind, row.taken_at, zone);
        await auditLook(trx, claims, 'measurement.deleted', row.patient_id, ip);
      });
    },

    async targets(claims: AccessClaims, patientId: string, ip: string): Promise<TargetList> {
      const patient = await patientFor(claims, patientId);
      const rows = await targetsOf(
        db.kysely,
        patient,
        claims.role === 'doctor' ? claims.userId : undefined,
      );
      await auditLook(db.kysely, claims, 'measurement_targets.viewed', patient, ip);
      return { targets: rows.map(toTarget) };
    },

    /** A linked doctor replaces their own targets for the patient (kinds left out are cleared). */
    async setTargets(
      claims: AccessClaims,
      patientId: string,
      body: TargetsUpdate,
      ip: string,
    ): Promise<TargetList> {
      if (claims.role !== 'doctor') {
        throw new AppError(403, 'wrong_role', 'Only a doctor sets targets for a patient.');
      }
      if (!(await isLinked(patientId, claims.userId))) throw noSuchPatient();
      await db.kysely.transaction().execute(async (trx) => {
        await replaceTargets(
          trx,
          patientId,
          claims.userId,
          body.targets.map((t) => ({ kind: t.kind, low: t.low ?? null, high: t.high ?? null })),
          clock().toISOString(),
        );
        await auditLook(trx, claims, 'measurement_targets.changed', patientId, ip);
      });
      const rows = await targetsOf(db.kysely, patientId, claims.userId);
      return { targets: rows.map(toTarget) };
    },

    /**
     * A patient's CSV file, all or nothing: any bad row refuses the whole file (400 with each row's
     * answer). `dryRun` checks and answers without writing.
     */
    async importCsv(claims: AccessClaims, text: string, dryRun: boolean): Promise<ImportResult> {
      const patientId = await patientFor(claims, undefined);
      const { rows, readings } = readMeasurementCsv(text);
      const bad = rows.filter((r) => !r.accepted).length;
      if (bad > 0) {
        throw new ImportRejected(
          `${bad} of ${rows.length} rows cannot be imported, so nothing was imported.`,
          rows,
        );
      }
      if (readings.length === 0) {
        throw new AppError(400, 'empty_file', 'The file holds no readings.');
      }
      if (dryRun) return { imported: 0, rows };
      await db.kysely.transaction().execute((trx) => store(trx, claims, patientId, readings));
      return { imported: readings.length, rows };
    },

    /** Every reading of the patient, oldest first, as CSV lines (header first). */
    async *exportCsv(claims: AccessClaims): AsyncGenerator<string> {
      const patientId = await patientFor(claims, undefined);
      yield `${CSV_HEADER_LINE}\n`;
      for await (const row of allMeasurements(db.kysely, patientId)) yield `${csvLine(row)}\n`;
    },
  };
}

/** The 400 of an import with bad rows: the error shape plus every row's answer. */
export class ImportRejected extends AppError {
  readonly rows: { line: number; accepted: boolean; reason: string | null }[];

  constructor(message: string, rows: { line: number; accepted: boolean; reason: string | null }[]) {
    super(400, 'import_rejected', message);
    this.rows = rows;
  }
}

export type MeasurementService = ReturnType<typeof createMeasurementService>;
