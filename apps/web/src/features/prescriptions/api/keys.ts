/** The cache keys of prescriptions: a person's own list, a page size each. */
export const prescriptionKeys = {
  all: ['prescriptions'] as const,
  list: (limit: number) => ['prescriptions', 'list', limit] as const,
};
