import { z } from 'zod';
import { prescriptionsText } from '../i18n';

/**
 * `{ reason }` of refusing a fill or a renewal: required, 1–500 characters, as the fill API checks
 * it (DESIGN.md "Prescriptions and pharmacies"); the patient reads it. The messages are read in
 * the page's language when a reason is checked.
 */
export const refusalReasonSchema = z.object({
  reason: z
    .string({ error: () => prescriptionsText('reason.required') })
    .trim()
    .min(1, { error: () => prescriptionsText('reason.required') })
    .max(500, { error: () => prescriptionsText('reason.tooLong') }),
});
