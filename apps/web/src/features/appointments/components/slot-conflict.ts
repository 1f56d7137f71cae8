import { ApiRequestError } from '../../../lib/api-client';

/**
 * The chosen time is gone (taken by someone else, or no longer offered): choose again (the
 * catalog's `slotGone` says so).
 */
export function isSlotGone(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && (error.code === 'slot_taken' || error.code === 'not_a_slot')
  );
}
