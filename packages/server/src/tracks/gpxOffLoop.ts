import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GpxTrackError, trackFromGpx } from '@rada/core';
import type { LocationPoint } from '@rada/core';
import { unpackPoints } from './packedPoints.ts';

/**
 * GPX files are read off the event loop: core's XML reader takes about 150 ms per MB, so an
 * admin's 50 MB import would stall every other request for seconds. Texts from
 * OFF_LOOP_MIN_CHARS on go to one worker thread (started on first use, unref'd so it never keeps
 * the process alive), one at a time; smaller ones are read in place, where a worker's round trip
 * would cost more than the reading.
 */
export const OFF_LOOP_MIN_CHARS = 256 * 1024;

export interface GpxTrack {
  points: LocationPoint[];
  problems: string[];
}

type Answer =
  { id: number; packed: Float64Array; problems: string[] } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (t: GpxTrack) => void; reject: (e: Error) => void }>();

/**
 * The worker runs TypeScript sources as the server does (tsx, under `npm start` and vitest
 * alike): its first module registers tsx's loader, then imports gpx.worker.ts.
 */
function startWorker(): Worker {
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('./gpx.worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  const started = new Worker(boot, { eval: true });
  started.unref();
  started.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if ('error' in answer) waiting?.reject(new GpxTrackError(answer.error));
    else waiting?.resolve({ points: unpackPoints(answer.packed), problems: answer.problems });
  });
  // A worker that fails or ends takes its waiting reads with it; the next read starts another.
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`GPX worker exited (${code})`)));
  return started;
}

/**
 * The points of a GPX text, as core's trackFromGpx reads them (it throws what that throws, a
 * GpxTrackError for a text that is not GPX), without holding the event loop for a large one.
 */
export function readGpxOffLoop(text: string): Promise<GpxTrack> {
  if (text.length < OFF_LOOP_MIN_CHARS) {
    try {
      return Promise.resolve(trackFromGpx(text));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  worker ??= startWorker();
  const id = (nextId += 1);
  const answer = new Promise<GpxTrack>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.ref(); // while a read waits
  worker.postMessage({ id, text });
  return answer;
}
