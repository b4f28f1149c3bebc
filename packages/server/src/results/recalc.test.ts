import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescer } from './recalc.ts';

describe('coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A run that takes `ms` and records which key ran. */
  const slowRun = (ms: number, log: string[]) => (key: string) =>
    new Promise<void>((resolve) => {
      log.push(key);
      setTimeout(resolve, ms);
    });

  it('runs a lone request at once and gathers a burst after it, per key', async () => {
    const log: string[] = [];
    const c = coalescer(slowRun(10, log), 50);
    // The requests of one turn share the first run, which starts at once.
    for (let i = 0; i < 100; i += 1) c.schedule('a');
    c.schedule('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(log.sort()).toEqual(['a', 'b']);
    // A burst right after: one more run, 50 ms after the first started.
    await vi.advanceTimersByTimeAsync(20);
    for (let i = 0; i < 100; i += 1) c.schedule('a');
    await vi.advanceTimersByTimeAsync(29);
    expect(log).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a', 'b', 'a']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toHaveLength(3);
    // Long after: at once again.
    c.schedule('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toHaveLength(4);
  });

  it('changes during a run cause exactly one more run', async () => {
    const log: string[] = [];
    const c = coalescer(slowRun(100, log), 50);
    c.schedule('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['a']);
    for (let i = 0; i < 10; i += 1) c.schedule('a');
    await vi.advanceTimersByTimeAsync(89);
    expect(log).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['a', 'a']);
  });

  it('a failing run is reported and does not stop later ones', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const c = coalescer(
      () => {
        calls += 1;
        return Promise.reject(new Error('boom'));
      },
      10,
      (_k, e) => errors.push(e),
    );
    c.schedule('a');
    await vi.advanceTimersByTimeAsync(20);
    c.schedule('a');
    await vi.advanceTimersByTimeAsync(20);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
    c.close();
    c.schedule('a');
    await vi.advanceTimersByTimeAsync(20);
    expect(calls).toBe(2);
  });
});
