import { z } from 'zod';
import { CATEGORY_TONES } from './measurement-categories.ts';
import {
  CANONICAL_UNIT,
  MEASUREMENT_KINDS,
  MEASUREMENT_BOUNDS,
  MEASUREMENT_UNITS,
  measurementProblem,
  type MeasurementKind,
} from './measurements.ts';
import { pageSchema, pageQuerySchema } from './pagination.ts';
import { isValidDateOnly } from './profile.ts';

/**
 * The contract of the measurement routes (DESIGN.md "Health measurements"). Values on the wire are
 * canonical (kg, cm, mm[Hg], /min, mg/dL, Cel, %) except a reading's `unit` on the way in, which may be
 * any unit of its kind; the answer is always canonical.
 */

/** Readings one patient may keep; nobody reaches it honestly (409 in words beyond it). */
export const MAX_MEASUREMENTS_PER_PATIENT = 100_000;
/** Rows in one imported CSV file. */
export const MAX_IMPORT_ROWS = 5000;
/** Points one series may answer; a range and bucket that would give more is a 400. */
export const MAX_SERIES_POINTS = 400;
export const SERIES_BUCKETS = ['day', 'week', 'month'] as const;
export type SeriesBucket = (typeof SERIES_BUCKETS)[number];

const kindMessage = `Choose a kind: ${MEASUREMENT_KINDS.join(', ')}.`;
export const measurementKindSchema = z.enum(MEASUREMENT_KINDS, { error: kindMessage });
const unitMessage = `Choose a unit: ${MEASUREMENT_UNITS.join(', ')}.`;
export const measurementUnitSchema = z.enum(MEASUREMENT_UNITS, { error: unitMessage });

/** An ISO 8601 instant with a zone designator (Z or ±HH:MM), e.g. 2026-03-08T07:00:00Z. */
const instant = (message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message);

const takenAtMessage = 'Enter when it was measured as a date and time (ISO 8601 with a zone).';
/** Readings may be a few minutes "ahead" of the server's clock (a phone's clock drifts). */
export const TAKEN_AT_FUTURE_SLACK_MS = 5 * 60 * 1000;
export const EARLIEST_TAKEN_AT = '1900-01-01T00:00:00Z';

const numberValue = z
  .number({ error: 'Enter the value as a number.' })
  .refine(Number.isFinite, 'Enter the value as a number.');

export const bloodPressureValueSchema = z.strictObject({
  systolic: z.number({ error: 'Enter the systolic (upper) number.' }),
  diastolic: z.number({ error: 'Enter the diastolic (lower) number.' }),
});
export type BloodPressureValue = z.infer<typeof bloodPressureValueSchema>;
export const measurementValueSchema = z.union([numberValue, bloodPressureValueSchema], {
  error: 'Enter the value as a number, or for blood pressure as { systolic, diastolic }.',
});
export type MeasurementValue = z.infer<typeof measurementValueSchema>;

/**
 * POST /measurements: a patient for themself (no patientId), or a linked doctor with patientId. The
 * bounds of what a body can show are checked here, so the form and the server say the same words.
 */
export const measurementCreateSchema = z
  .strictObject({
    patientId: z.string().min(1, 'Choose a patient.').max(64, 'Choose a patient.').optional(),
    kind: measurementKindSchema,
    value: measurementValueSchema,
    unit: measurementUnitSchema,
    takenat: instant(takenAtMessage),
    note: z.string().trim().max(500, 'A note can be at most 500 characters.').optional(),
  })
  .superRefine((m, ctx) => {
    const problem = measurementProblem(m.kind, m.value, m.unit);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    const at = Date.parse(m.takenat);
    if (at > Date.now() + TAKEN_AT_FUTURE_SLACK_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['takenat'],
        message: 'A reading cannot be in the future.',
      });
    } else if (at < Date.parse(EARLIEST_TAKEN_AT)) {
      ctx.addIssue({
        code: 'custom',
        path: ['takenat'],
        message: 'A reading cannot be before 1900.',
      });
    }
  });
export type MeasurementCreate = z.input<typeof measurementCreateSchema>;

export const recorderSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  userType: z.enum(['patient', 'doctor']),
});

/** A stored reading, canonical. */
export const measurementSchema = z.object({
  _id: z.string(),
  patient: z.string(),
  kind: measurementKindSchema,
  /** A number, or { systolic, diastolic } for blood pressure. */
  value: measurementValueSchema,
  /** The canonical unit of the kind. */
  unit: measurementUnitSchema,
  takenat: z.string(),
  note: z.string().nullable(),
  /** Who recorded it (only they may delete it); null once their account is gone. */
  recordedby: recorderSchema.nullable(),
  createdAt: z.string(),
});
export type Measurement = z.infer<typeof measurementSchema>;

/**
 * `from` / `to`: a date (YYYY-MM-DD, a day in the patient's time zone; `to` includes that day) or an
 * ISO 8601 instant (`from` included, `to` excluded).
 */
const dayOrInstant = (name: 'from' | 'to') => {
  const message = `Give ${name} as a date (YYYY-MM-DD) or an ISO 8601 instant with a zone.`;
  const asInstant = instant(message);
  return z
    .string({ error: message })
    .max(40, message)
    .refine((v) => isValidDateOnly(v) || asInstant.safeParse(v).success, message);
};

const patientIdQuery = z
  .string()
  .min(1, 'Choose a patient.')
  .max(64, 'Choose a patient.')
  .optional()
  .describe("A doctor's linked patient; a patient leaves it out (or gives their own id).");

/** GET /measurements: newest first. */
export const measurementListQuerySchema = pageQuerySchema.extend({
  patientId: patientIdQuery,
  kind: measurementKindSchema.optional(),
  from: dayOrInstant('from').optional(),
  to: dayOrInstant('to').optional(),
});
export type MeasurementListQuery = z.input<typeof measurementListQuerySchema>;
export const measurementListSchema = pageSchema('measurements', measurementSchema);
export type MeasurementList = z.infer<typeof measurementListSchema>;

/**
 * GET /measurements/series: buckets of the patient's days, weeks (Monday first) or months. `to` defaults
 * to now; `from` to 30 days, 26 weeks or 12 months before `to` for day, week, month.
 */
export const seriesQuerySchema = z.strictObject({
  patientId: patientIdQuery,
  kind: measurementKindSchema,
  from: dayOrInstant('from').optional(),
  to: dayOrInstant('to').optional(),
  bucket: z.enum(SERIES_BUCKETS, { error: 'bucket is day, week or month.' }).default('day'),
});
export type SeriesQuery = z.input<typeof seriesQuerySchema>;

const statsSchema = z.object({ min: z.number(), max: z.number(), mean: z.number() });
export const seriesPointSchema = statsSchema.extend({
  /** The instant the bucket starts (midnight in the patient's zone, as UTC). */
  at: z.string(),
  /** The same start as the patient's calendar date. */
  date: z.string(),
  count: z.number().int(),
  /** Blood pressure: min/max/mean above are the systolic; these are the diastolic. Null otherwise. */
  diastolic: statsSchema.nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;
export const seriesSchema = z.object({
  kind: measurementKindSchema,
  unit: measurementUnitSchema,
  bucket: z.enum(SERIES_BUCKETS),
  /** The patient's time zone, in which the buckets are cut. */
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Only buckets with readings, oldest first; never more than MAX_SERIES_POINTS. */
  points: z.array(seriesPointSchema),
});
export type Series = z.infer<typeof seriesSchema>;

export const categorySchema = z.object({
  code: z.string(),
  label: z.string(),
  tone: z.enum(CATEGORY_TONES),
});

const targetEnd = (error: string) => z.number({ error }).nullable().optional();

/** The diastolic's own ends of a blood-pressure target; an end left out is unbounded. */
export const diastolicTargetInputSchema = z.strictObject({
  low: targetEnd('Enter the low end as a number.'),
  high: targetEnd('Enter the high end as a number.'),
});

/**
 * A target: canonical low and/or high. For blood pressure they bound the systolic, and `diastolic`
 * bounds the other number (DESIGN.md "Health measurements"); other kinds have no `diastolic`.
 */
export const targetInputSchema = z
  .strictObject({
    kind: measurementKindSchema,
    low: targetEnd('Enter the low end as a number.'),
    high: targetEnd('Enter the high end as a number.'),
    diastolic: diastolicTargetInputSchema.nullable().optional(),
  })
  .superRefine((t, ctx) => {
    const diastolic = t.diastolic ?? {};
    if (t.diastolic != null && t.kind !== 'bloodpressure') {
      ctx.addIssue({
        code: 'custom',
        path: ['diastolic'],
        message: 'Only a blood pressure target has a diastolic range.',
      });
      return;
    }
    if (t.low == null && t.high == null && diastolic.low == null && diastolic.high == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['low'],
        message: 'Give a low end, a high end or both.',
      });
      return;
    }
    checkEnds(ctx, t.kind, t, [], 'systolic');
    checkEnds(ctx, t.kind, diastolic, ['diastolic'], 'diastolic');
  });

/** Each given end a value a body can show, and the high end above the low. */
function checkEnds(
  ctx: z.RefinementCtx,
  kind: MeasurementKind,
  ends: { low?: number | null; high?: number | null },
  path: string[],
  number: 'systolic' | 'diastolic',
) {
  for (const end of ['low', 'high'] as const) {
    const v = ends[end];
    if (v == null) continue;
    const problem =
      kind !== 'bloodpressure'
        ? measurementProblem(kind, v, CANONICAL_UNIT[kind])
        : number === 'systolic'
          ? measurementProblem(kind, { systolic: v, diastolic: 20 }, 'mm[Hg]')
          : measurementProblem(
              kind,
              { systolic: MEASUREMENT_BOUNDS.bloodpressure.max, diastolic: v },
              'mm[Hg]',
            );
    if (problem)
      ctx.addIssue({ code: 'custom', path: [...path, end], message: `Target: ${problem}` });
  }
  if (ends.low != null && ends.high != null && ends.low >= ends.high) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'high'],
      message: 'The high end must be above the low end.',
    });
  }
}
export type TargetInput = z.input<typeof targetInputSchema>;

/** PUT /patients/{id}/targets: the doctor's whole set for that patient (kinds left out are cleared). */
export const targetsUpdateSchema = z.strictObject({
  targets: z
    .array(targetInputSchema)
    .max(MEASUREMENT_KINDS.length, 'One target per kind at most.')
    .refine(
      (ts) => new Set(ts.map((t) => t.kind)).size === ts.length,
      'One target per kind at most.',
    ),
});
export type TargetsUpdate = z.input<typeof targetsUpdateSchema>;

export const targetSchema = z.object({
  kind: measurementKindSchema,
  /** For blood pressure, the systolic's ends. */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Blood pressure: the diastolic's ends (each null when unbounded). Null for other kinds. */
  diastolic: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  unit: measurementUnitSchema,
  /** The doctor who set it. */
  doctor: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }),
  updatedAt: z.string(),
});
export type Target = z.infer<typeof targetSchema>;
/** GET/PUT /patients/{id}/targets: a doctor sees their own; the patient sees every doctor's. */
export const targetListSchema = z.object({ targets: z.array(targetSchema) });
export type TargetList = z.infer<typeof targetListSchema>;

export const summaryTargetSchema = targetSchema.extend({
  /** Whether the latest reading of the kind is inside it; null without a reading. */
  met: z.boolean().nullable(),
});
export const summaryKindSchema = z.object({
  kind: measurementKindSchema,
  unit: measurementUnitSchema,
  latest: measurementSchema.nullable(),
  /** Blood pressure, heart rate and glucose are banded; the other kinds are null. */
  category: categorySchema.nullable(),
  targets: z.array(summaryTargetSchema),
});
/** GET /measurements/summary: every kind, in MEASUREMENT_KINDS order. */
export const measurementSummarySchema = z.object({
  patient: z.string(),
  kinds: z.array(summaryKindSchema),
  /** From the latest weight and height; null without both. */
  bmi: z.object({ value: z.number(), category: categorySchema, loinc: z.string() }).nullable(),
});
export type MeasurementSummary = z.infer<typeof measurementSummarySchema>;

export const summaryQuerySchema = z.strictObject({ patientId: patientIdQuery });

/** POST /measurements/import (text/csv `takenat,kind,value,unit[,note]`): one answer per data row. */
export const importRowSchema = z.object({
  /** The line of the file (1 is the first line, the header if there is one). */
  line: z.number().int(),
  accepted: z.boolean(),
  /** Why not, in words; null when accepted. */
  reason: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
/** 201: every row was imported. */
export const importResultSchema = z.object({
  imported: z.number().int(),
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
/** 400 `import_rejected`: nothing was imported; `rows` says which rows were wrong and why. */
export const importRejectedSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  rows: z.array(importRowSchema).optional(),
});
export type ImportRejected = z.infer<typeof importRejectedSchema>;

/** The header of an exported file; an import accepts the same (the note column is optional). */
export const MEASUREMENT_CSV_HEADER = 'takenat,kind,value,unit,note';
