import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';

/**
 * An action on one item (by its id) that a ConfirmDialog asks about first. Once done, `status`
 * says so; the button that opened the dialog went with its item, so when the dialog has closed,
 * focus moves to `statusRef` (a live region) rather than being lost.
 */
export function useConfirmedAction<T extends { _id: string }>(
  action: UseMutationResult<void, Error, string>,
  statusRef: RefObject<HTMLElement | null>,
  doneMessage: (target: T) => string,
) {
  // Kept after closing, so the dialog goes on showing its item while it fades out.
  const [target, setTarget] = useState<T | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const ask = (item: T) => {
    action.reset();
    setStatus(null);
    setTarget(item);
    setConfirming(true);
  };
  const confirm = () => {
    if (!target) return;
    action.mutate(target._id, {
      onSuccess: () => {
        setStatus(doneMessage(target));
        setConfirming(false);
      },
    });
  };

  return {
    target,
    status,
    ask,
    /** ConfirmDialog's props but its words. */
    dialog: {
      opened: confirming,
      pending: action.isPending,
      error: action.isError ? action.error.message : null,
      onConfirm: confirm,
      onCancel: () => setConfirming(false),
      onClosed: () => {
        if (action.isSuccess) statusRef.current?.focus();
      },
    },
  };
}
