import { z } from 'zod';

/** The newest finished backup, for operators on /api/v1/health: a time and a size, nothing personal. */
export const backupStatusSchema = z.object({
  /** ISO 8601 UTC; null when Tend has not recorded a backup yet. */
  lastat: z.string().nullable(),
  /** Bytes. */
  lastsize: z.number().int().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
