import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    ok: z.boolean(),
  }),
  /** The same in a sentence, for whoever reads the answer (an operator, a status page). */
  message: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
