import { useCallback, useEffect, useRef, useState } from 'react';
import { beepForList } from '@rada/core';
import type { Beep, StartListEntry } from '@rada/core';

/** The tones: a short beep in each of the last seconds, a longer, higher one at the start. */
const TONES: Record<Beep, { hz: number; seconds: number }> = {
  short: { hz: 880, seconds: 0.15 },
  final: { hz: 1320, seconds: 0.7 },
};

function play(ctx: AudioContext, beep: Beep) {
  const { hz, seconds } = TONES[beep];
  const t0 = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = hz;
  // A quick fade in and out avoids the click of a hard edge.
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(0.5, t0 + 0.01);
  gain.gain.setValueAtTime(0.5, t0 + seconds - 0.03);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + seconds + 0.01);
}

/**
 * The sound as it really is: `off` until turned on, `on` while the page's audio runs, `blocked`
 * when it was turned on but the browser does not let the page play (no Web Audio, autoplay
 * refused, or the system suspended it, as a phone does on a call).
 */
export type SoundState = 'off' | 'on' | 'blocked';

/** How long resuming the audio may take before the sound counts as blocked. */
const RESUME_WAIT_MS = 1000;

export interface Beeper {
  sound: SoundState;
  /** Turns the sound on or off; must run in a click handler, as browsers start audio only then. */
  toggle: () => void;
  /** How many beeps sounded since the sound was turned on, and the last one (for tests). */
  count: number;
  last: Beep | null;
}

/**
 * Countdown beeps for a start list. It keeps its own timer, ticking every `tickMs`, and asks
 * core's beepForList which beep (if any) is due between two ticks, then plays it with the Web
 * Audio API. The timer does not wait for React to render, so a busy page still beeps on time.
 * A beep counts only when the audio runs; the state follows the audio context's own.
 */
export function useBeeper(list: readonly StartListEntry[], tickMs: number): Beeper {
  const ctxRef = useRef<AudioContext | null>(null);
  const listRef = useRef(list);
  const [wanted, setWanted] = useState(false);
  /** Whether the audio context runs; null while a resume is still being answered. */
  const [running, setRunning] = useState<boolean | null>(false);
  const [played, setPlayed] = useState<{ count: number; last: Beep | null }>({
    count: 0,
    last: null,
  });

  useEffect(() => {
    listRef.current = list;
  }, [list]);

  const toggle = useCallback(() => {
    const ctx = ctxRef.current;
    if (wanted && ctx?.state === 'running') {
      setWanted(false);
      void ctx.suspend();
      return;
    }
    setWanted(true);
    setPlayed({ count: 0, last: null });
    if (typeof AudioContext === 'undefined') {
      setRunning(false);
      return;
    }
    const audio = (ctxRef.current ??= new AudioContext());
    audio.onstatechange = () => setRunning(audio.state === 'running');
    if (audio.state === 'running') {
      setRunning(true);
      return;
    }
    setRunning(null);
    const settled = () => setRunning(audio.state === 'running');
    // A browser may leave the promise unanswered while it refuses: then it counts as blocked.
    const wait = setTimeout(settled, RESUME_WAIT_MS);
    audio.resume().then(
      () => {
        clearTimeout(wait);
        settled();
      },
      () => {
        clearTimeout(wait);
        settled();
      },
    );
  }, [wanted]);

  useEffect(() => () => void ctxRef.current?.close(), []);

  useEffect(() => {
    if (!wanted) return;
    let prev = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const beep = beepForList(listRef.current, prev, now);
      prev = now;
      const ctx = ctxRef.current;
      if (!beep || ctx?.state !== 'running') return;
      play(ctx, beep);
      setPlayed((p) => ({ count: p.count + 1, last: beep }));
    }, tickMs);
    return () => clearInterval(timer);
  }, [wanted, tickMs]);

  // While a resume is being answered the button keeps saying "off": no flash of "blocked".
  const sound: SoundState = !wanted || running === null ? 'off' : running ? 'on' : 'blocked';
  return { sound, toggle, ...played };
}
