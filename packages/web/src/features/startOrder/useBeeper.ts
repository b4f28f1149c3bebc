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

export interface Beeper {
  soundOn: boolean;
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
 */
export function useBeeper(list: readonly StartListEntry[], tickMs: number): Beeper {
  const ctxRef = useRef<AudioContext | null>(null);
  const listRef = useRef(list);
  const [soundOn, setSoundOn] = useState(false);
  const [played, setPlayed] = useState<{ count: number; last: Beep | null }>({
    count: 0,
    last: null,
  });

  useEffect(() => {
    listRef.current = list;
  }, [list]);

  const toggle = useCallback(() => {
    if (soundOn) {
      setSoundOn(false);
      void ctxRef.current?.suspend();
      return;
    }
    if (typeof AudioContext === 'undefined') return;
    ctxRef.current ??= new AudioContext();
    void ctxRef.current.resume();
    setPlayed({ count: 0, last: null });
    setSoundOn(true);
  }, [soundOn]);

  useEffect(() => () => void ctxRef.current?.close(), []);

  useEffect(() => {
    if (!soundOn) return;
    let prev = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const beep = beepForList(listRef.current, prev, now);
      prev = now;
      if (!beep) return;
      if (ctxRef.current) play(ctxRef.current, beep);
      setPlayed((p) => ({ count: p.count + 1, last: beep }));
    }, tickMs);
    return () => clearInterval(timer);
  }, [soundOn, tickMs]);

  return { soundOn, toggle, ...played };
}
