import type { BenchResult } from './harness.ts';

/** Placeholder: filled in by issue 6's work. */
export function ingestBench(): Promise<BenchResult> {
  return Promise.resolve({ name: 'ingest', ok: true });
}
