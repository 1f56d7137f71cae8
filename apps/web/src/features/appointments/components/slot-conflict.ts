import { ApiRequestError } from '../../../lib/api-client';

/** The chosen time is gone (taken by someone else, or no longer offered): choose again. */
export function isSlotGone(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && (error.code === 'slot_taken' || error.code === 'not_a_slot')
  );
}

export const SLOT_GONE_MESSAGE =
  'Sorry, that time was just taken or is no longer offered. Here are the free times now: please choose another.';
