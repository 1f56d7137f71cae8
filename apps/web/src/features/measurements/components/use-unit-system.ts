import type { UnitSystem } from '@tend/shared';
import { useMe } from '../../../lib/me';

/** The signed-in person's units (Profile Settings); readings are shown and typed in them. */
export function useUnitSystem(): UnitSystem {
  return useMe().data?.units ?? 'metric';
}
