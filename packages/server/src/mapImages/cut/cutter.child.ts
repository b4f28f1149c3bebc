/**
 * The cutting process (started by cutter.ts cutTilesOffLoop): takes one job over IPC, answers
 * progress and the result, and ends. libvips gets one thread (its encodes still overlap the warp).
 */
import sharp from 'sharp';
import { cutTiles } from './cutter.ts';
import type { CutJob, CutMessage } from './cutter.ts';

sharp.concurrency(1);
sharp.cache(false);

const send = (message: CutMessage) =>
  new Promise<void>((resolve) => process.send!(message, undefined, undefined, () => resolve()));

// The server gone (its channel closed) leaves no one to take the tiles: stop.
process.once('disconnect', () => process.exit(0));

process.once('message', (job: CutJob) => {
  void cutTiles(job, (p) => void send({ type: 'progress', p }))
    .then(
      (result) => send({ type: 'done', result }),
      (error: unknown) => send({ type: 'failed', error: (error as Error).message }),
    )
    .finally(() => {
      process.removeAllListeners('disconnect');
      process.disconnect();
    });
});
