import { z } from 'zod';
import { doctorSummarySchema, personSummarySchema } from './care.ts';
import { currencySchema } from './money.ts';
import { pageSchema } from './pagination.ts';
import { isValidDateOnly } from './profile.ts';
import { isValidTimeZone } from './time-zone.ts';

/** Lengths a doctor may give their slots, in minutes. */
export const SLOT_MINUTES = [10, 15, 20, 30, 45, 60] as const;
export type SlotMinutes = (typeof SLOT_MINUTES)[number];

/** Monday = 1 … Sunday = 7, as ISO 8601 and Temporal count them. */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** The furthest apart `from` and `to` of a slot query may be. */
export const SLOT_QUERY_MAX_DAYS = 31;
/** A patient's live (requested or accepted) future visits; nobody books this many honestly. */
export const MAX_UPCOMING_APPOINTMENTS = 20;

export const APPOINTMENT_TYPES = ['in_person', 'online'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const APPOINTMENT_STATUSES = ['requested', 'accepted', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'card', 'insurance', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const timeOfDay = (label: string) =>
  z
    .string({ error: `Enter the ${label} time as HH:MM.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${label} time as HH:MM, from 00:00 to 23:59.`);

const dateOnly = (message: string) => z.string({ error: message }).refine(isValidDateOnly, message);

/** An ISO 8601 instant with a zone designator (Z or ±HH:MM), e.g. 2027-03-29T07:00:00Z. */
const instant = (message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message);

export const weeklyRangeSchema = z
  .strictObject({
    weekday: z
      .number({ error: 'Choose a weekday from 1 (Monday) to 7 (Sunday).' })
      .int('Choose a weekday from 1 (Monday) to 7 (Sunday).')
      .min(1, 'Choose a weekday from 1 (Monday) to 7 (Sunday).')
      .max(7, 'Choose a weekday from 1 (Monday) to 7 (Sunday).'),
    start: timeOfDay('start'),
    end: timeOfDay('end'),
  })
  .refine((r) => r.start < r.end, {
    message: 'The end time must be after the start time.',
    path: ['end'],
  });
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

/** PUT /me/availability, and what GET answers. */
export const availabilitySchema = z
  .strictObject({
    timezone: z
      .string({ error: 'Choose a time zone from the list.' })
      .refine(isValidTimeZone, 'Choose a time zone from the list.'),
    slotminutes: z
      .number({ error: `Choose a slot length of ${SLOT_MINUTES.join(', ')} minutes.` })
      .refine((v): v is SlotMinutes => (SLOT_MINUTES as readonly number[]).includes(v), {
        message: `Choose a slot length of ${SLOT_MINUTES.join(', ')} minutes.`,
      }),
    weekly: z.array(weeklyRangeSchema).max(70, 'At most 70 ranges of hours in a week.'),
    daysoff: z
      .array(dateOnly('Enter each day off as a real date (YYYY-MM-DD).'))
      .max(366, 'At most 366 days off.'),
  })
  .superRefine((a, ctx) => {
    // Ranges of one weekday may touch (09:00–12:00, 12:00–17:00) but not overlap.
    a.weekly.forEach((r, i) => {
      const clash = a.weekly.findIndex(
        (o, j) => j < i && o.weekday === r.weekday && o.start < r.end && r.start < o.end,
      );
      const other = a.weekly[clash];
      if (other && r.start < r.end) {
        ctx.addIssue({
          code: 'custom',
          path: ['weekly', i],
          message: `${WEEKDAY_NAMES[r.weekday - 1] ?? 'That day'}’s hours ${other.start}–${other.end} and ${r.start}–${r.end} overlap.`,
        });
      }
    });
  });
export type AvailabilityInput = z.input<typeof availabilitySchema>;
export type Availability = z.infer<typeof availabilitySchema>;

/** `from` or `to` of a slot query: a calendar day (YYYY-MM-DD) or an instant with a zone. */
const dayOrInstant = (name: 'from' | 'to', example: string, meaning: string) => {
  const message = `Give ${name} as a date (YYYY-MM-DD) or an ISO 8601 instant, e.g. ${example}.`;
  const asInstant = instant(message);
  return z
    .string({ error: message })
    .max(40, message)
    .refine((v) => isValidDateOnly(v) || asInstant.safeParse(v).success, message)
    .describe(
      `A date (YYYY-MM-DD) means ${meaning} in the doctor's time zone; an instant with a zone (e.g. ${example}T00:00:00Z) is taken as it is.`,
    );
};

/**
 * GET /doctors/{id}/slots: days or instants. Both default to the next 7 days; at most 31 days apart,
 * counted in the doctor's time zone. Order and span are checked by the server, which knows that zone.
 */
export const slotQuerySchema = z.strictObject({
  from: dayOrInstant('from', '2027-03-29', 'the start of that day').optional(),
  to: dayOrInstant('to', '2027-04-04', 'the end of that day (it is included)').optional(),
});

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;
export const slotListSchema = z.object({
  /** The doctor's time zone, in which the weekly hours are kept. */
  timezone: z.string(),
  slots: z.array(slotSchema),
});
export type SlotList = z.infer<typeof slotListSchema>;

/** GET /doctors: a directory card. */
export const doctorCardSchema = doctorSummarySchema.extend({
  /** Mean of the reviews, one decimal; null without reviews. */
  rating: z.number().nullable(),
  reviewcount: z.number().int(),
  /** Whole percent of reviewers who recommend; null without reviews. */
  recommendpercent: z.number().int().nullable(),
  /** A free slot remains today (the doctor's calendar day). */
  availabletoday: z.boolean(),
  /** Start of the next free slot within 31 days, or null. */
  nextslot: z.string().nullable(),
});
export type DoctorCard = z.infer<typeof doctorCardSchema>;

/** GET /doctors?q=&specialty=: a page of directory cards. */
export const doctorDirectorySchema = pageSchema('doctors', doctorCardSchema);
export type DoctorDirectory = z.infer<typeof doctorDirectorySchema>;

export const bookingRequestSchema = z.strictObject({
  doctorId: z.string({ error: 'Choose a doctor.' }).min(1, 'Choose a doctor.').max(64),
  start: instant('Choose one of the offered times.'),
  type: z.enum(APPOINTMENT_TYPES, { error: 'Choose in person or online.' }),
  purpose: z
    .string({ error: 'Say briefly what the visit is for.' })
    .trim()
    .min(1, 'Say briefly what the visit is for.')
    .max(500, 'At most 500 characters.'),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const appointmentListQuerySchema = z.strictObject({
  /** upcoming: not yet ended, soonest first; past: ended, latest first; absent: all, latest first. */
  scope: z.enum(['upcoming', 'past'], { error: 'scope is upcoming or past.' }).optional(),
  status: z
    .enum(APPOINTMENT_STATUSES, { error: 'status is requested, accepted, completed or cancelled.' })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 100.' })
    .int('limit is a whole number from 1 to 100.')
    .min(1, 'limit is a whole number from 1 to 100.')
    .max(100, 'limit is a whole number from 1 to 100.')
    .default(50),
  cursor: z.string().max(200, 'That cursor is not valid.').optional(),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

export const cancelRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the visit is cancelled.' })
    .trim()
    .min(1, 'Say why the visit is cancelled.')
    .max(500, 'At most 500 characters.'),
});

export const rescheduleRequestSchema = z.strictObject({
  start: instant('Choose one of the offered times.'),
});

export const completeRequestSchema = z.strictObject({
  followup: dateOnly('Enter the follow-up as a real date (YYYY-MM-DD).').nullable().optional(),
  notes: z
    .string()
    .trim()
    .max(2000, 'At most 2000 characters.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type CompleteRequest = z.input<typeof completeRequestSchema>;

export const paymentRequestSchema = z.strictObject({
  amount: z
    .number({ error: 'Enter the amount paid as a number.' })
    .positive('The amount must be more than zero.')
    .max(100000, 'That amount is too large.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals.'),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose cash, card, insurance or other.' }),
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const reviewRequestSchema = z.strictObject({
  rating: z
    .number({ error: 'Give 1 to 5 stars.' })
    .int('Give 1 to 5 stars.')
    .min(1, 'Give 1 to 5 stars.')
    .max(5, 'Give 1 to 5 stars.'),
  recommend: z.boolean({ error: 'Say whether you recommend this doctor.' }),
  comment: z.string().trim().max(2000, 'At most 2000 characters.').default(''),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  recommend: z.boolean(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const appointmentSchema = z.object({
  _id: z.string(),
  /** The patient's contact details are for the doctor of the visit (and the patient). */
  patient: personSummarySchema.extend({ email: z.string(), number: z.string().nullable() }),
  doctor: doctorSummarySchema,
  start: z.string(),
  end: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  purpose: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The doctor's fee when the visit was booked; null when they had none. */
  fee: z.number().nullable(),
  paid: z.boolean(),
  paidat: z.string().nullable(),
  paidamount: z.number().nullable(),
  /** The clinic's currency (ISO 4217) of `fee`, `paidamount` and the doctor's fee (DESIGN "Money"). */
  currency: currencySchema,
  paymentmethod: z.enum(PAYMENT_METHODS).nullable(),
  receiptnumber: z.string().nullable(),
  cancelledby: z.enum(['patient', 'doctor']).nullable(),
  cancelreason: z.string().nullable(),
  followup: z.string().nullable(),
  notes: z.string().nullable(),
  /** The patient's review of a completed visit, or null. */
  review: reviewSchema.nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListSchema = z.object({
  appointments: z.array(appointmentSchema),
  nextCursor: z.string().nullable(),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;
