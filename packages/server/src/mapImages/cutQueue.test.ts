import { describe, expect, it } from 'vitest';
import { cutQueue, timedOut } from './cutQueue.ts';
import type { QueuedCut } from './cutQueue.ts';

/** A cut that ends only when its signal aborts, noting why. */
const hanging = (seen: { job: QueuedCut; timedOut: boolean }[]) => {
  return (job: QueuedCut, _progress: (p: number) => void, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => {
        seen.push({ job, timedOut: timedOut(signal) });
        resolve();
      });
    });
};

describe('map cut queue', () => {
  it('gives up a cut that takes too long, as timed out, and goes on to the next', async () => {
    const seen: { job: QueuedCut; timedOut: boolean }[] = [];
    const queue = cutQueue(hanging(seen), () => undefined, 30);
    queue.add({ mapId: 'a', version: 1 });
    queue.add({ mapId: 'b', version: 1 });
    expect(queue.progressOf('b')).toBe(0);
    await queue.idle();
    expect(seen).toEqual([
      { job: { mapId: 'a', version: 1 }, timedOut: true },
      { job: { mapId: 'b', version: 1 }, timedOut: true },
    ]);
    expect(queue.progressOf('a')).toBeUndefined();
  });

  it('aborts a running cut for a newer version of its map, not as timed out', async () => {
    const seen: { job: QueuedCut; timedOut: boolean }[] = [];
    const done: QueuedCut[] = [];
    let first = true;
    const queue = cutQueue(
      (job, progress, signal) => {
        if (first) {
          first = false;
          return hanging(seen)(job, progress, signal);
        }
        done.push(job);
        return Promise.resolve();
      },
      () => undefined,
      60_000,
    );
    queue.add({ mapId: 'a', version: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    queue.add({ mapId: 'a', version: 2 });
    await queue.idle();
    expect(seen).toEqual([{ job: { mapId: 'a', version: 1 }, timedOut: false }]);
    expect(done).toEqual([{ mapId: 'a', version: 2 }]);
  });
});
