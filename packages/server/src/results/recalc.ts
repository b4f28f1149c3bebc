/**
 * Coalesces recalculation requests per key (an event id): a burst of requests within `debounceMs`
 * runs `run` once; at most one run per key is in flight, and requests that arrive during a run
 * cause exactly one more run after it. Runs read the data when they start, so the last run
 * always sees the last change.
 */
export interface Coalescer {
  schedule(key: string): void;
  /** Resolves once nothing is scheduled or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Resolves once nothing is scheduled or running for `key`. */
  settled(key: string): Promise<void>;
  /** Cancels scheduled runs; running ones finish. */
  close(): void;
}

interface KeyState {
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  again: boolean;
}

export function coalescer(
  run: (key: string) => Promise<void>,
  debounceMs: number,
  onError: (key: string, error: unknown) => void = () => {},
): Coalescer {
  const states = new Map<string, KeyState>();
  let closed = false;

  function start(key: string, state: KeyState): void {
    state.timer = null;
    state.again = false;
    state.running = run(key)
      .catch((error: unknown) => onError(key, error))
      .finally(() => {
        state.running = null;
        if (state.again && !closed) arm(key, state);
        else if (!state.timer) states.delete(key);
      });
  }

  function arm(key: string, state: KeyState): void {
    state.again = false;
    state.timer = setTimeout(() => start(key, state), debounceMs);
  }

  return {
    schedule(key) {
      if (closed) return;
      let state = states.get(key);
      if (!state) states.set(key, (state = { timer: null, running: null, again: false }));
      if (state.running) state.again = true;
      else if (!state.timer) arm(key, state);
    },
    async idle() {
      while (states.size > 0) {
        const waits = [...states.values()].map(
          (s) => s.running ?? new Promise<void>((r) => setTimeout(r, debounceMs + 1)),
        );
        await Promise.all(waits);
      }
    },
    async settled(key) {
      for (let state = states.get(key); state; state = states.get(key)) {
        await (state.running ?? new Promise<void>((r) => setTimeout(r, debounceMs + 1)));
      }
    },
    close() {
      closed = true;
      for (const [key, state] of states) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
        if (!state.running) states.delete(key);
      }
    },
  };
}
