import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';
import { emailSchema, userSchema } from './auth.ts';
import { pharmacyDetailsUpdateSchema, pharmacyProfileSchema } from './pharmacies.ts';
import { isValidTimeZone } from './time-zone.ts';
import { UNIT_SYSTEMS } from './measurements.ts';
import { LANGUAGES } from './languages.ts';
import { currencySchema } from './money.ts';

/** An optional text field: blank means "not given" and is stored as null. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** An IANA zone name; the longest real one is about 30 characters. */
export const timeZoneSchema = z
  .string()
  .max(64, 'Choose a time zone from the list.')
  .refine(isValidTimeZone, 'Choose a time zone from the list.');

export function isValidDateOnly(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateOfBirthSchema = z
  .string()
  .trim()
  .max(10, 'Enter a real date as YYYY-MM-DD.')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .refine((v) => v === null || isValidDateOnly(v), 'Enter a real date as YYYY-MM-DD.')
  .refine((v) => v === null || (v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10)), {
    message: 'Date of birth must be between 1900 and today.',
  });

export const DOCTOR_PROFILE_FIELDS = [
  'specialty',
  'yearsofexperience',
  'consultationfee',
  'location',
  'bio',
] as const;

/**
 * PATCH /me/update: every field optional; only what is sent changes. Doctor fields are for doctors
 * only, `pharmacy` for pharmacies only.
 */
export const profileUpdateSchema = z.strictObject({
  firstname: z
    .string()
    .trim()
    .min(1, 'Enter your first name.')
    .max(100, 'At most 100 characters.')
    .optional(),
  lastname: z
    .string()
    .trim()
    .min(1, 'Enter your last name.')
    .max(100, 'At most 100 characters.')
    .optional(),
  email: emailSchema.optional(),
  /** Needed only when `email` is a new address (docs/decisions/020). */
  currentPassword: z
    .string({ error: 'Enter your current password to change your email.' })
    .max(1024)
    .optional(),
  dateofbirth: dateOfBirthSchema.optional(),
  bloodgroup: z.enum(BLOOD_GROUPS, { error: 'Choose A, AB, B or O.' }).nullable().optional(),
  number: z
    .string()
    .trim()
    .regex(/^[0-9+()\-.\s]*$/, 'Use digits, spaces and + ( ) - only.')
    .max(30, 'At most 30 characters.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  address: optionalText(200, 'Address').optional(),
  city: optionalText(100, 'City').optional(),
  state: optionalText(100, 'State').optional(),
  postcode: optionalText(20, 'Post code').optional(),
  country: optionalText(100, 'Country').optional(),
  timezone: timeZoneSchema.optional(),
  /** How measurements are shown to this person; the API stays canonical. */
  units: z.enum(UNIT_SYSTEMS, { error: 'Choose metric or US units.' }).optional(),
  /** The language of Tend's pages, emails, PDFs and calendar feeds for this person. */
  language: z.enum(LANGUAGES, { error: 'Choose English or Spanish.' }).optional(),
  specialty: optionalText(100, 'Specialty').optional(),
  yearsofexperience: z
    .number({ error: 'Enter a whole number of years.' })
    .int('Enter a whole number of years.')
    .min(0, 'Years of experience cannot be negative.')
    .max(80, 'At most 80 years.')
    .nullable()
    .optional(),
  consultationfee: z
    .number({ error: 'Enter the fee as a number.' })
    .min(0, 'The fee cannot be negative.')
    .max(100000, 'That fee is too large.')
    .nullable()
    .optional(),
  location: optionalText(200, 'Location').optional(),
  bio: optionalText(1000, 'Bio').optional(),
  /** A pharmacy's own details (pharmacies only); only the fields sent change. */
  pharmacy: pharmacyDetailsUpdateSchema.optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileSchema = userSchema.extend({
  dateofbirth: z.string().nullable(),
  bloodgroup: z.enum(BLOOD_GROUPS).nullable(),
  number: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  /** Metric or US units for measurements (default metric). */
  units: z.enum(UNIT_SYSTEMS),
  /** The language Tend speaks to this person: pages, emails, PDFs, calendar feeds. */
  language: z.enum(LANGUAGES),
  /** API path of the profile picture, or null when there is none. */
  avatarUrl: z.string().nullable(),
  specialty: z.string().nullable(),
  yearsofexperience: z.number().int().nullable(),
  consultationfee: z.number().nullable(),
  /** The clinic's currency (ISO 4217) the fee is in (DESIGN "Money"). */
  currency: currencySchema,
  location: z.string().nullable(),
  bio: z.string().nullable(),
  /** A pharmacy's details, null for patients and doctors. */
  pharmacy: pharmacyProfileSchema.nullable(),
  /** A new address waiting for its emailed link to be opened; `email` stays the old one until then. */
  pendingemail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
