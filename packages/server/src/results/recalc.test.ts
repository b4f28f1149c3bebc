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

  it('runs a burst once after the debounce, per key', async () => {
    const log: string[] = [];
    const c = coalescer(slowRun(10, log), 50);
    for (let i = 0; i < 100; i += 1) c.schedule('a');
    c.schedule('b');
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(49);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log.sort()).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toHaveLength(2);
  });

  it('changes during a run cause exactly one more run', async () => {
    const log: string[] = [];
    const c = coalescer(slowRun(100, log), 50);
    c.schedule('a');
    await vi.advanceTimersByTimeAsync(60);
    expect(log).toEqual(['a']);
    for (let i = 0; i < 10; i += 1) c.schedule('a');
    await vi.advanceTimersByTimeAsync(90);
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
