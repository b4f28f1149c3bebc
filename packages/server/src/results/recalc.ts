/**
 * Coalesces recalculation requests per key (an event id): a request when the key is idle runs
 * `run` at once (on the next turn of the event loop, so the requests of one turn share it); at
 * most one run per key is in flight, requests that arrive during a run cause exactly one more
 * run after it, and runs of a key start at least `debounceMs` apart, so a stream of changes is
 * gathered into one run per `debounceMs` while a lone change is not delayed. Runs read the data
 * when they start, so the last run always sees the last change.
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
  /** When each key's last run started (Date.now()); kept for `debounceMs` after it. */
  const started = new Map<string, number>();
  let closed = false;

  function start(key: string, state: KeyState): void {
    state.timer = null;
    state.again = false;
    const at = Date.now();
    for (const [k, t] of started) if (t + debounceMs <= at) started.delete(k);
    started.set(key, at);
    state.running = run(key)
      .catch((error: unknown) => onError(key, error))
      .finally(() => {
        state.running = null;
        if (state.again && !closed) arm(key, state);
        else if (!state.timer) states.delete(key);
      });
  }

  /** The next run: at once, or when `debounceMs` have passed since the last one started. */
  function arm(key: string, state: KeyState): void {
    state.again = false;
    const wait = Math.max(0, (started.get(key) ?? -Infinity) + debounceMs - Date.now());
    state.timer = setTimeout(() => start(key, state), wait);
  }

  /** Resolves when `state`'s run ends or its timer would have fired. */
  const turn = (state: KeyState) =>
    state.running ?? new Promise<void>((r) => setTimeout(r, debounceMs + 1));

  return {
    schedule(key) {
      if (closed) return;
      let state = states.get(key);
      if (!state) {
        state = { timer: null, running: null, again: false };
        states.set(key, state);
      }
      if (state.running) state.again = true;
      else if (!state.timer) arm(key, state);
    },
    async idle() {
      while (states.size > 0) await Promise.all([...states.values()].map(turn));
    },
    async settled(key) {
      for (let state = states.get(key); state; state = states.get(key)) await turn(state);
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
