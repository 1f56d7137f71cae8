import { z } from 'zod';

/**
 * `{ reason }` of refusing a fill or a renewal: required, 1–500 characters, as the fill API checks
 * it (DESIGN.md "Prescriptions and pharmacies"); the patient reads it.
 */
export const refusalReasonSchema = z.object({
  reason: z
    .string({ error: 'Say why it is refused.' })
    .trim()
    .min(1, 'Say why it is refused.')
    .max(500, 'At most 500 characters.'),
});
