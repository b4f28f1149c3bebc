import { useCallback, useEffect, useRef, useState } from 'react';
import { untrackedGap } from './backgroundGap.ts';
import type { HiddenSpell } from './backgroundGap.ts';

/**
 * Watches the page being hidden and shown again and returns how long the team went untracked
 * meanwhile (untrackedGap: null for nothing to say), with a way to dismiss it. `running` and
 * `lastPointT` are read at each change of visibility.
 */
export function useUntrackedGap(
  running: boolean,
  lastPointT: () => number | null,
): { gap: number | null; dismiss: () => void } {
  const [gap, setGap] = useState<number | null>(null);
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  }, [running]);
  const lastRef = useRef(lastPointT);
  useEffect(() => {
    lastRef.current = lastPointT;
  }, [lastPointT]);

  useEffect(() => {
    let spell: HiddenSpell | null = null;
    const handle = () => {
      const now = Date.now();
      if (document.visibilityState === 'hidden') {
        spell = { hiddenAt: now, running: runningRef.current, lastPointT: lastRef.current() };
      } else if (spell) {
        const shown = untrackedGap(spell, now, lastRef.current());
        spell = null;
        if (shown !== null) setGap(shown);
      }
    };
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  }, []);
  const dismiss = useCallback(() => setGap(null), []);
  return { gap, dismiss };
}
