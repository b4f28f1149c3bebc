/** Shared helpers for the benchmarks: each reports its figures and whether it met its target. */
import { performance } from 'node:perf_hooks';

export interface BenchResult {
  name: string;
  ok: boolean;
}

/** The median wall time in milliseconds of `repeat` runs of `fn`. */
export async function medianMs(fn: () => unknown, repeat: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
