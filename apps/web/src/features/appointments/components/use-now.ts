import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so what depends on it (a Join button) appears on time. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
