/**
 * The worker thread of gpxOffLoop.ts: reads GPX texts with core's trackFromGpx, one message at a
 * time, and answers `{ id, packed, problems }` (the points packed, handed over without a copy) or
 * `{ id, error }` (the message of what it threw).
 */
import { parentPort } from 'node:worker_threads';
import { trackFromGpx } from '@rada/core';
import { packPoints } from './packedPoints.ts';

parentPort?.on('message', ({ id, text }: { id: number; text: string }) => {
  try {
    const { points, problems } = trackFromGpx(text);
    const packed = packPoints(points);
    parentPort?.postMessage({ id, packed, problems }, [packed.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
