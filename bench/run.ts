/**
 * Runs every benchmark (`npm run bench`), or those named on the command line
 * (`npm run bench -- kpImport`), each in its own Node process. Each prints its figures with a
 * ratio against a baseline measured in the same run; the exit code is non-zero when any
 * benchmark misses its target (or fails).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventFileBench } from './eventFile.ts';
import type { BenchResult } from './harness.ts';
import { kpImportBench } from './kpImport.ts';
import { kpGridBench } from './kpGrid.ts';
import { resultsBench } from './results.ts';
import { resultsHttpBench } from './resultsHttp.ts';
import { resultsStreamBench } from './resultsStream.ts';
import { codecBench } from './codec.ts';
import { ingestBench } from './ingest.ts';
import { fanoutBench } from './fanout.ts';
import { clusterBench } from './cluster.ts';
import { cupsBench } from './cups.ts';
import { pageWeightBench } from './pageWeight.ts';
import { mapTilesBench } from './mapTiles.ts';

const BENCHMARKS: Record<string, () => Promise<BenchResult>> = {
  eventFile: eventFileBench,
  kpImport: kpImportBench,
  kpGrid: kpGridBench,
  results: resultsBench,
  resultsHttp: resultsHttpBench,
  resultsStream: resultsStreamBench,
  codec: codecBench,
  ingest: ingestBench,
  fanout: fanoutBench,
  cluster: clusterBench,
  cups: cupsBench,
  pageWeight: pageWeightBench,
  mapTiles: mapTilesBench,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`,
  );
  process.exit(2);
}

/** Set in the child process that runs one benchmark. */
const ONE = 'RADA_BENCH_ONE';

const only = process.env[ONE];
if (only !== undefined) {
  const result = await BENCHMARKS[only]!();
  process.exitCode = result.ok ? 0 : 1;
} else {
  // Each benchmark runs in a fresh Node process: one run's heap, sockets and timers then weigh
  // on no later one (run in one process, the fan-out and cup figures depended on what ran first).
  const missed: string[] = [];
  for (const name of Object.keys(BENCHMARKS)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, [ONE]: name },
      stdio: 'inherit',
    });
    if (run.status !== 0) missed.push(name);
  }
  console.log(
    missed.length === 0 ? 'bench: all targets met' : `bench: OVER TARGET: ${missed.join(', ')}`,
  );
  process.exitCode = missed.length === 0 ? 0 : 1;
}
