/**
 * The cache keys of a patient's medication data. Everything sits under ['medications'], so one
 * invalidation after a write refreshes the list, the detail views, dose histories and adherence.
 */
export const medicationKeys = {
  all: ['medications'] as const,
  list: () => ['medications', 'list'] as const,
  detail: (id: string) => ['medications', 'detail', id] as const,
  doses: (id: string) => ['medications', 'doses', id] as const,
  adherence: (days: number) => ['medications', 'adherence', days] as const,
};

export const medicationPath = (id: string) => `/medications/${encodeURIComponent(id)}`;
