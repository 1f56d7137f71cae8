import { z } from 'zod';
import { pageSchema, pageQuerySchema } from './pagination.ts';

/** A required line of text: blank is refused in words, surrounding spaces are dropped. */
const requiredText = (max: number, missing: string, label: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} can be at most ${max} characters.`);

/**
 * What a pharmacy keeps about itself (DESIGN.md "Prescriptions and pharmacies"): one schema for the
 * sign-up form, the profile form and the server. Every field is required: a patient choosing where to
 * send a prescription needs all of them, and the licence number is how the clinic tells a real
 * pharmacy from a stranger.
 */
export const pharmacyDetailsSchema = z.strictObject({
  name: requiredText(120, "Enter the pharmacy's name.", 'The name'),
  licencenumber: requiredText(
    40,
    "Enter the pharmacy's licence number.",
    'The licence number',
  ).regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, 'Use letters, digits, spaces and . / - only.'),
  address: requiredText(200, "Enter the pharmacy's street address.", 'The address'),
  city: requiredText(100, "Enter the pharmacy's city.", 'The city'),
  postcode: requiredText(20, "Enter the pharmacy's post code.", 'The post code'),
  country: requiredText(100, "Enter the pharmacy's country.", 'The country'),
  phone: requiredText(30, "Enter the pharmacy's phone number.", 'The phone number').regex(
    /^[0-9+()\-.\s]*$/,
    'Use digits, spaces and + ( ) - only.',
  ),
  openinghours: requiredText(
    500,
    'Enter the opening hours, e.g. Mon–Fri 9:00–18:00, Sat 9:00–13:00.',
    'The opening hours',
  ),
});
export type PharmacyDetails = z.output<typeof pharmacyDetailsSchema>;
export type PharmacyDetailsInput = z.input<typeof pharmacyDetailsSchema>;

/** PATCH /me/update's `pharmacy`: only what is sent changes; what is sent may not be blank. */
export const pharmacyDetailsUpdateSchema = pharmacyDetailsSchema.partial();

/**
 * A pharmacy as patients see it in the directory. The licence number is left out: a patient choosing
 * where to send a prescription has no use for it, and it is what a pharmacy proves itself with.
 */
export const pharmacySummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  openinghours: z.string(),
});
export type PharmacySummary = z.infer<typeof pharmacySummarySchema>;

/** The pharmacy's own view of its details (GET /me): everything, the licence number too. */
export const pharmacyProfileSchema = pharmacySummarySchema
  .omit({ _id: true })
  .extend({ licencenumber: z.string() });
export type PharmacyProfile = z.infer<typeof pharmacyProfileSchema>;

/**
 * `?q=` matches the start of the pharmacy's name, `?city=` the whole city, both ignoring letter case
 * (an index range each, on both databases).
 */
export const pharmacySearchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(120, 'At most 120 characters.').optional(),
  city: z.string().trim().max(100, 'At most 100 characters.').optional(),
});
export type PharmacySearchQuery = z.input<typeof pharmacySearchQuerySchema>;

export const pharmacyListSchema = pageSchema('pharmacies', pharmacySummarySchema);
export type PharmacyList = z.infer<typeof pharmacyListSchema>;
