import { useEffect, useState } from 'react';

/** Whether the screen is kept awake: 'on', 'off' (refused or released) or 'unsupported'. */
export type WakeLockState = 'on' | 'off' | 'unsupported';

/**
 * Keeps the screen awake while the calling component is shown (Screen Wake Lock API). The
 * browser releases the lock whenever the page is hidden, so it is asked for again each time the
 * page becomes visible. Browsers without the API are left alone.
 */
export function useWakeLock(): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeLockState>(supported ? 'off' : 'unsupported');

  useEffect(() => {
    if (!supported) return;
    let lock: WakeLockSentinel | null = null;
    let active = true;

    const request = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (!active) {
          void next.release();
          return;
        }
        lock = next;
        setState('on');
        next.addEventListener('release', () => {
          if (active) setState('off');
        });
      } catch {
        // Refused (battery saver, no permission, page not focused): the screen may sleep.
        if (active) setState('off');
      }
    };

    const handleVisibility = () => void request();
    void request();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', handleVisibility);
      if (lock && !lock.released) void lock.release();
    };
  }, [supported]);

  return state;
}
