/** The doctor's own weekly hours; booking pages read slots under their own keys. */
export const availabilityKeys = { mine: ['availability'] as const };
