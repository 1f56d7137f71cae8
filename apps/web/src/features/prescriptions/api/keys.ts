/** The cache keys of prescriptions: a person's own list, a page size each; a doctor's per patient. */
export const prescriptionKeys = {
  all: ['prescriptions'] as const,
  list: (limit: number) => ['prescriptions', 'list', limit] as const,
  ofPatient: (patientId: string) => ['prescriptions', 'patient', patientId] as const,
  /** A pharmacy's active ones, from which its queue of open fills is taken. */
  queue: ['prescriptions', 'queue'] as const,
  one: (id: string) => ['prescriptions', 'one', id] as const,
};
