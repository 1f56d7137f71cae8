import {
  MAX_MEASUREMENTS_PER_PATIENT,
  type ImportResult,
  type Measurement,
  type MeasurementKind,
  type TargetList,
  type TargetsUpdate,
} from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { timeZoneOf } from '../../db/time-zone.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { noticeBreaches } from './breach-notices.ts';
import {
  auditLook,
  canonical,
  noSuchMeasurement,
  patientFor,
  type MeasurementContext,
} from './context.ts';
import { readMeasurementCsv, type ParsedReading } from './csv.ts';
import {
  countMeasurements,
  deleteMeasurement,
  findMeasurement,
  insertMeasurements,
  replaceTargets,
  targetsOf,
  type TargetEnds,
} from './repo.ts';
import { addToRollup, ensureRollup, recomputeRollup } from './rollup.ts';
import { toMeasurement, toTarget } from './view.ts';

/** The 400 of an import with bad rows: the error shape plus every row's answer. */
export class ImportRejected extends AppError {
  readonly rows: { line: number; accepted: boolean; reason: string | null }[];

  constructor(message: string, rows: { line: number; accepted: boolean; reason: string | null }[]) {
    super(400, 'import_rejected', message);
    this.rows = rows;
  }
}

/** A target as its row stores it: an end left out is unbounded (null). */
function targetRowOf(t: TargetsUpdate['targets'][number]): TargetEnds & { kind: MeasurementKind } {
  return {
    kind: t.kind,
    low: t.low ?? null,
    high: t.high ?? null,
    diastolic_low: t.diastolic?.low ?? null,
    diastolic_high: t.diastolic?.high ?? null,
  };
}

/** Changes to a patient's readings and targets: recording, importing, deleting, setting targets. */
export function recordingService(ctx: MeasurementContext) {
  const { db, clock, isLinked } = ctx;

  /** Inserts readings after checking the cap, inside the caller's transaction. */
  async function store(
    trx: Executor,
    claims: AccessClaims,
    patientId: string,
    readings: Omit<ParsedReading, 'line'>[],
  ) {
    await lockPerson(trx, db.dialect, patientId);
    const zone = await timeZoneOf(trx, patientId);
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
    await noticeBreaches(ctx, trx, patientId, rows);
    await ctx.readingChanged(trx, patientId, 'recorded');
    return rows;
  }

  return {
    async record(
      claims: AccessClaims,
      body: Omit<ParsedReading, 'line'> & { patientId?: string | undefined },
      ip: string,
    ): Promise<Measurement> {
      const patientId = await patientFor(ctx, claims, body.patientId);
      const { patientId: _, ...reading } = body;
      return db.kysely.transaction().execute(async (trx) => {
        const [row] = await store(trx, claims, patientId, [reading]);
        if (!row) throw new Error('a reading was not stored');
        await auditLook(ctx, trx, claims, 'measurement.recorded', patientId, ip);
        const stored = await findMeasurement(trx, row.id);
        if (!stored) throw new Error('a stored reading was not found');
        return toMeasurement(stored);
      });
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
        const zone = await timeZoneOf(trx, row.patient_id);
        await ensureRollup(trx, db.dialect, row.patient_id, zone);
        await deleteMeasurement(trx, id);
        await recomputeRollup(trx, row.patient_id, row.kind, row.taken_at, zone);
        await auditLook(ctx, trx, claims, 'measurement.deleted', row.patient_id, ip);
        await ctx.readingChanged(trx, row.patient_id, 'deleted');
      });
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
          body.targets.map(targetRowOf),
          clock().toISOString(),
        );
        await auditLook(ctx, trx, claims, 'measurement_targets.changed', patientId, ip);
      });
      const rows = await targetsOf(db.kysely, patientId, claims.userId);
      return { targets: rows.map(toTarget) };
    },

    /**
     * A patient's CSV file, all or nothing: any bad row refuses the whole file (400 with each row's
     * answer). `dryRun` checks and answers without writing.
     */
    async importCsv(claims: AccessClaims, text: string, dryRun: boolean): Promise<ImportResult> {
      const patientId = await patientFor(ctx, claims, undefined);
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
  };
}
