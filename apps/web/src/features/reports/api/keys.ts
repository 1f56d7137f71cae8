/** The cache keys of medical reports: one list per patient, and the bytes of one file. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: ['reports', 'list'] as const,
  /** `patientId` null: a patient's own reports, or a doctor's newest across their patients. */
  list: (patientId: string | null, limit: number) =>
    ['reports', 'list', patientId ?? 'mine', limit] as const,
  file: (id: string) => ['reports', 'file', id] as const,
  /** A doctor's linked patients, as the report pages need them. */
  patients: ['reports', 'patients'] as const,
};
