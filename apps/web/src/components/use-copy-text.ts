import { useState } from 'react';

/**
 * Copies text to the clipboard. `copy` resolves true once copied; when the browser refuses (no
 * permission, not a secure page) it resolves false and `failed` stays true until the next try, so
 * the caller can say how to copy by hand.
 */
export function useCopyText() {
  const [failed, setFailed] = useState(false);
  const copy = async (text: string): Promise<boolean> => {
    setFailed(false);
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      setFailed(true);
      return false;
    }
  };
  return { copy, failed };
}
