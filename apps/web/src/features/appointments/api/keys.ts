import type { AppointmentListQuery } from '@tend/shared';

/** What one list of appointments asks for: whose side, which statuses, how many a page. */
export type ListQuery = Pick<AppointmentListQuery, 'scope' | 'status'> & { limit?: number };

/**
 * The cache keys of appointments. Every list and detail sits under ['appointments'], so one
 * invalidation after a change refreshes the tables, cards and billing; directory cards and free
 * slots change with every booking, so they are refreshed with them.
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (query: ListQuery) => ['appointments', 'list', query] as const,
  directory: (q: string, specialty: string) => ['directory', q, specialty] as const,
  directoryAll: ['directory'] as const,
  slots: (doctorId: string, from: string, to: string) => ['slots', doctorId, from, to] as const,
  slotsAll: ['slots'] as const,
};

export const appointmentPath = (id: string) => `/appointments/${encodeURIComponent(id)}`;
