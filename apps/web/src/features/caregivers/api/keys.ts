/**
 * The cache keys of caregiving: the patient's caregivers, the people the person cares for, and an
 * invitation opened from its emailed link. Everything under ['caregivers'], so one invalidation
 * (a change here, or a live `caregiving` event) refreshes both lists.
 */
export const caregiverKeys = {
  all: ['caregivers'] as const,
  mine: ['caregivers', 'patient'] as const,
  caringFor: ['caregivers', 'caregiver'] as const,
  invitation: (id: string) => ['caregivers', 'invitation', id] as const,
};

export const caregiverPath = (id: string) => `/caregivers/${encodeURIComponent(id)}`;
