import type { BenchResult } from './harness.ts';

/** Placeholder: filled in by issue 6's work. */
export function codecBench(): Promise<BenchResult> {
  return Promise.resolve({ name: 'codec', ok: true });
}
