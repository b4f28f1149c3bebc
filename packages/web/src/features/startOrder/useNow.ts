import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), refreshed every `everyMs`. It reads Date.now() on each tick rather
 * than counting ticks, so a throttled or late timer never makes the clock drift.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
