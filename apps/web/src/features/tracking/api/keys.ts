/** The cache keys of a doctor's view of the patients who share with them. */
export const trackingKeys = {
  patients: ['patients'] as const,
  patient: (id: string) => ['trackmedications', id] as const,
};
