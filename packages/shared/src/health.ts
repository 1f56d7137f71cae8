import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    ok: z.boolean(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
