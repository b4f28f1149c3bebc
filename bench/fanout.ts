import type { BenchResult } from './harness.ts';

/** Placeholder: filled in by issue 6's work. */
export function fanoutBench(): Promise<BenchResult> {
  return Promise.resolve({ name: 'fanout', ok: true });
}
