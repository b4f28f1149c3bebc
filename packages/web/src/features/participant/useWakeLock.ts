import { useCallback, useEffect, useRef, useState } from 'react';
import { logEvent } from './appLog.ts';

const STORAGE_KEY = 'rada.play.wakelock';

export interface WakeLockState {
  /** False where the browser has no Screen Wake Lock API: the switch is not shown then. */
  supported: boolean;
  /** Whether the team asked for the screen to stay on (kept on this phone). */
  wanted: boolean;
  /** Whether the last request was refused (a battery saver, a page not visible). */
  failed: boolean;
  setWanted: (on: boolean) => void;
}

function storedWish(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Keeps the screen on while the team wants it (navigator.wakeLock 'screen'). The browser drops
 * the lock whenever the page is hidden; it is asked for again when the page is visible again.
 */
export function useWakeLock(): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [wanted, setWantedState] = useState(() => supported && storedWish());
  const [failed, setFailed] = useState(false);
  const lock = useRef<WakeLockSentinel | null>(null);

  useEffect(() => {
    if (!supported || !wanted) return;
    let live = true;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock.current && !lock.current.released)) {
        return;
      }
      try {
        const sentinel = await navigator.wakeLock.request('screen');
        if (!live) {
          void sentinel.release();
          return;
        }
        lock.current = sentinel;
        setFailed(false);
      } catch (e) {
        logEvent(`wake lock refused ${e instanceof Error ? e.message : String(e)}`);
        if (live) setFailed(true);
      }
    };
    const handleVisibility = () => void acquire();
    document.addEventListener('visibilitychange', handleVisibility);
    void acquire();
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', handleVisibility);
      const held = lock.current;
      lock.current = null;
      if (held && !held.released) void held.release();
    };
  }, [supported, wanted]);

  const setWanted = useCallback((on: boolean) => {
    setWantedState(on);
    setFailed(false);
    try {
      localStorage.setItem(STORAGE_KEY, on ? '1' : '0');
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
  }, []);
  return { supported, wanted, failed, setWanted };
}
