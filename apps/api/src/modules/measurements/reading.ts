import {
  CANONICAL_UNIT,
  LOINC,
  MEASUREMENT_KINDS,
  bmiCategory,
  bmiFromLatest,
  measurementCategory,
  type MeasurementKind,
  type MeasurementList,
  type MeasurementSummary,
  type PageRequest,
  type TargetList,
} from '@tend/shared';
import { timeZoneOf } from '../../db/time-zone.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import {
  DAY_MS,
  OUTSIDE_TARGET_DAYS,
  auditLook,
  patientFor,
  type MeasurementContext,
} from './context.ts';
import { CSV_HEADER_LINE, csvLine } from './csv.ts';
import {
  allMeasurements,
  kindsOutsideTargets,
  latestOfEachKind,
  listMeasurements,
  targetsOf,
} from './repo.ts';
import { fromInstant, toInstant } from './series-buckets.ts';
import { toMeasurement, toTarget, valueOf, withinTarget } from './view.ts';

/**
 * Reading a patient's readings: the list, the latest of each kind, the targets, the CSV export, and the kinds outside a doctor's targets (for their list of patients).
 */
export function readingService(ctx: MeasurementContext) {
  const { db } = ctx;

  return {
    /** For a doctor's page of patients: the kinds each has a recent reading of outside their targets. */
    outsideTargetsOf(doctorId: string, patientIds: string[], now: Date) {
      const since = new Date(now.getTime() - OUTSIDE_TARGET_DAYS * DAY_MS).toISOString();
      return kindsOutsideTargets(db.kysely, doctorId, patientIds, since);
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
      const patientId = await patientFor(ctx, claims, query.patientId);
      const zone = await timeZoneOf(db.kysely, patientId);
      const from = query.from ? new Date(fromInstant(query.from, zone)).toISOString() : undefined;
      const to = query.to ? new Date(toInstant(query.to, zone)).toISOString() : undefined;
      const { rows, nextCursor } = await listMeasurements(
        db.kysely,
        patientId,
        { kind: query.kind, from, to },
        page,
      );
      await auditLook(ctx, db.kysely, claims, 'measurements.listed', patientId, ip);
      return { measurements: rows.map(toMeasurement), nextCursor };
    },

    async summary(
      claims: AccessClaims,
      patientIdAsked: string | undefined,
      ip: string,
    ): Promise<MeasurementSummary> {
      const patientId = await patientFor(ctx, claims, patientIdAsked);
      const latest = await latestOfEachKind(db.kysely, patientId, MEASUREMENT_KINDS);
      // A doctor sees their own targets; the patient sees every doctor's.
      const targets = await targetsOf(
        db.kysely,
        patientId,
        claims.role === 'doctor' ? claims.userId : undefined,
      );
      await auditLook(ctx, db.kysely, claims, 'measurements.summarized', patientId, ip);
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
              .map((t) => ({ ...toTarget(t), met: row ? withinTarget(row, t) : null })),
          };
        }),
        bmi: bmi === null ? null : { value: bmi, category: bmiCategory(bmi), loinc: LOINC.bmi },
      };
    },

    async targets(claims: AccessClaims, patientId: string, ip: string): Promise<TargetList> {
      const patient = await patientFor(ctx, claims, patientId);
      const rows = await targetsOf(
        db.kysely,
        patient,
        claims.role === 'doctor' ? claims.userId : undefined,
      );
      await auditLook(ctx, db.kysely, claims, 'measurement_targets.viewed', patient, ip);
      return { targets: rows.map(toTarget) };
    },

    /** Every reading of the patient, oldest first, as CSV lines (header first). */
    async *exportCsv(claims: AccessClaims): AsyncGenerator<string> {
      const patientId = await patientFor(ctx, claims, undefined);
      yield `${CSV_HEADER_LINE}\n`;
      for await (const row of allMeasurements(db.kysely, patientId)) yield `${csvLine(row)}\n`;
    },
  };
}
